import { DELAYED_BUTTON_MS } from "@pinjaman/domain/timings";
import { t } from "@pinjaman/i18n";
import { useEffect, useState } from "react";
import { useCountdown } from "../features/auth/use-countdown.ts";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";
import { useBlocking } from "./live-check.ts";

/**
 * A button that stays disabled for 60 s (spec section 4; config.duration_ms may say otherwise),
 * holding the step back meanwhile; then pressing it moves the flow forward.
 */
export default function DelayedButtonField({ field, errors, disabled, context }: FieldRendererProps) {
  const duration = field.config?.duration_ms ?? DELAYED_BUTTON_MS;
  const [ready, setReady] = useState(duration <= 0);
  const [seconds] = useCountdown(duration / 1000);
  const { setBlocking, advance } = context;

  // One timer for the exact moment; the countdown only feeds the text.
  useEffect(() => {
    if (duration <= 0) return;
    const timer = setTimeout(() => setReady(true), duration);
    return () => clearTimeout(timer);
  }, [duration]);

  useBlocking(setBlocking, field.key, !ready);

  return (
    <FieldFrame field={field} errors={errors} labelMode="none">
      {({ id, describedBy }) => (
        <>
          <button
            id={id}
            type="button"
            className="button button--primary flow-button"
            disabled={!ready || disabled}
            aria-describedby={[describedBy, ready ? null : `${id}-wait`].filter(Boolean).join(" ") || undefined}
            onClick={() => advance()}
          >
            {field.label}
          </button>
          {!ready && (
            // Not a live region: a once-a-second announcement would drown everything else.
            <p id={`${id}-wait`} className="flow-field__status">
              {t("fields.delayed.wait", { seconds: Math.max(seconds, 1) })}
            </p>
          )}
        </>
      )}
    </FieldFrame>
  );
}
