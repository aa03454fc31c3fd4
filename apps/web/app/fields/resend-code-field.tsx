import { RESEND_CODE_SECONDS } from "@pinjaman/domain/timings";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { useCountdown } from "../features/auth/use-countdown.ts";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";

type Sending = "idle" | "sending" | "sent" | "failed";

/**
 * "Kirim ulang kode dalam N detik" for 60 s (config.duration_ms may say otherwise), then a
 * "Kirim ulang kode" button that runs the step's action named like the field
 * (context.runAction) and starts the countdown again once the new code is on its way.
 */
export default function ResendCodeField({ field, errors, disabled, context }: FieldRendererProps) {
  const seconds = field.config?.duration_ms !== undefined ? field.config.duration_ms / 1000 : RESEND_CODE_SECONDS;
  const [remaining, restart] = useCountdown(seconds);
  const [sending, setSending] = useState<Sending>("idle");
  const { runAction } = context;

  async function resend() {
    if (!runAction) return;
    setSending("sending");
    try {
      await runAction(field.key);
      setSending("sent");
      restart(seconds);
    } catch {
      setSending("failed");
    }
  }

  const status = sending === "sent" ? t("fields.resend.sent") : sending === "failed" ? t("fields.resend.failed") : undefined;
  return (
    <FieldFrame field={field} errors={errors} labelMode="none" status={status}>
      {({ id, describedBy }) =>
        remaining > 0 ? (
          <p id={id} className="flow-resend__wait" aria-describedby={describedBy}>
            {t("fields.resend.wait", { seconds: remaining })}
          </p>
        ) : (
          <button
            id={id}
            type="button"
            className="button button--outline flow-button"
            disabled={disabled || sending === "sending" || !runAction}
            aria-describedby={describedBy}
            onClick={() => void resend()}
          >
            {sending === "sending" ? t("fields.resend.sending") : t("fields.resend.button")}
          </button>
        )
      }
    </FieldFrame>
  );
}
