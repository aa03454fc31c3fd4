import { t } from "@pinjaman/i18n";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../../shell/api-fetch.ts";
import { Dialog } from "../../shell/dialog.tsx";
import { customersApi } from "./customers-api.ts";
import { TextField } from "../../shell/text-field.tsx";
import "@pinjaman/i18n/ns/back_office_customers";

/** Block or unblock with a mandatory reason; focus starts in the reason and returns to the opener on close. */
export function BlockDialog({
  customer,
  kind,
  onClose,
  onDone,
  block = customersApi.block,
}: {
  customer: { id: string; name: string };
  kind: "block" | "unblock";
  onClose: () => void;
  onDone: (message: string) => void;
  block?: typeof customersApi.block;
}) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await block(customer.id, kind, reason);
      onDone(
        kind === "block"
          ? t("back_office_customers.block_dialog.done_block", { sessions: result.revoked_sessions })
          : t("back_office_customers.block_dialog.done_unblock"),
      );
    } catch (e) {
      const field = e instanceof ApiError ? e.fieldMessage("reason") : undefined;
      setError({ field: Boolean(field), message: field ?? (e instanceof Error ? e.message : String(e)) });
      setBusy(false);
    }
  }

  const fieldError = error?.field ? error.message : null;
  return (
    <Dialog title={t(`back_office_customers.block_dialog.${kind}_title`, { name: customer.name })} onClose={onClose}>
      <p>{t(`back_office_customers.block_dialog.${kind}_text`)}</p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <TextField
          id={`${id}-reason`}
          name="reason"
          rows={3}
          required
          label={t("back_office_customers.block_dialog.reason")}
          hint={t("back_office_customers.block_dialog.reason_hint")}
          value={reason}
          onChange={setReason}
          error={fieldError}
        />
        {error && !error.field && (
          <p className="auth-alert" role="alert">
            {error.message}
          </p>
        )}
        <div className="bo-actions">
          <button type="submit" className={kind === "block" ? "button button--danger" : "button button--primary"} disabled={busy}>
            {t(`back_office_customers.block_dialog.confirm_${kind}`)}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t("back_office_customers.block_dialog.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
