import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { Dialog } from "../../shell/dialog.tsx";
import { FormAlert } from "../../shell/form-alert.tsx";
import { TextField } from "../../shell/text-field.tsx";
import { useFieldForm } from "../../shell/use-field-form.ts";
import { customersApi } from "./customers-api.ts";
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
  const { busy, submit, fieldError, alert } = useFieldForm("reason");
  const id = useId();

  const confirm = submit(async () => {
    const result = await block(customer.id, kind, reason);
    onDone(
      kind === "block"
        ? t("back_office_customers.block_dialog.done_block", { sessions: result.revoked_sessions })
        : t("back_office_customers.block_dialog.done_unblock"),
    );
  });

  return (
    <Dialog title={t(`back_office_customers.block_dialog.${kind}_title`, { name: customer.name })} onClose={onClose}>
      <p>{t(`back_office_customers.block_dialog.${kind}_text`)}</p>
      <form noValidate onSubmit={confirm} aria-busy={busy}>
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
        <FormAlert message={alert} />
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
