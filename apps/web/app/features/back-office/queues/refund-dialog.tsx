import type { ParkedPayment, PaymentRefundRequest } from "@pinjaman/contracts/back-office-queues";
import { BANK_CODES, isBankAccountHolder, isBankAccountNumber } from "@pinjaman/domain/field-rules/bank-account";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { TextField } from "../../shell/text-field.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";
import "@pinjaman/i18n/ns/back_office_queues";
import "@pinjaman/i18n/ns/flows";

type Account = Omit<PaymentRefundRequest, "reason">;
type Field = keyof Account;
const FIELDS: readonly Field[] = ["bank_code", "account_number", "account_name"];

/** The field messages the bank step's rules give (packages/domain/src/field-rules/bank-account.ts), none when all is well. */
function accountErrors(a: Account): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!a.bank_code) errors.bank_code = t("back_office_queues.reconciliation.bank_code_choose");
  if (!isBankAccountNumber(a.account_number)) errors.account_number = t("flows.error.bank_account_number");
  if (!isBankAccountHolder(a.account_name)) errors.account_name = t("flows.error.bank_account_holder");
  return errors;
}

/**
 * The refund dialog: the payer's bank (the onboarding bank step's list), account number and
 * holder, checked by the same rules as the server, and the mandatory reason. A retry opens with
 * the account tried before. Answers the server's view of the payment (refunded, failed, pending).
 */
export function RefundDialog({
  payment,
  refund,
  onClose,
  onDone,
}: {
  payment: ParkedPayment;
  refund: (id: string, body: PaymentRefundRequest) => Promise<{ payment: ParkedPayment }>;
  onClose: () => void;
  onDone: (payment: ParkedPayment) => void;
}) {
  const id = useId();
  const before = payment.refund;
  const [account, setAccount] = useState<Account>({
    bank_code: (before?.bank_code ?? "") as Account["bank_code"],
    account_number: before?.account_number ?? "",
    account_name: before?.account_name ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (value: string) => setAccount((a) => ({ ...a, [field]: value }));
  const retry = payment.reconciliation !== "open";

  return (
    <ReasonDialog
      title={t("back_office_queues.reconciliation.refund_title", { amount: formatRupiah(payment.amount) })}
      confirmLabel={t(retry ? "back_office_queues.reconciliation.refund_retry" : "back_office_queues.reconciliation.refund_confirm")}
      onClose={onClose}
      validate={() => {
        const found = accountErrors(account);
        setErrors(found);
        const first = FIELDS.find((f) => found[f]);
        if (!first) return null;
        document.getElementById(`${id}-${first}`)?.focus();
        return found[first]!;
      }}
      onFieldErrors={(error) => {
        const found = Object.fromEntries(FIELDS.flatMap((f) => (error.fieldMessage(f) ? [[f, error.fieldMessage(f)!]] : [])));
        setErrors(found);
        return Object.keys(found).length > 0;
      }}
      onConfirm={async (reason) => onDone((await refund(payment.id, { ...account, reason })).payment)}
    >
      <p>{t("back_office_queues.reconciliation.refund_intro", { amount: formatRupiah(payment.amount) })}</p>
      {before?.account_refused && <p className="queues__error">{t("back_office_queues.reconciliation.refund_account_refused")}</p>}
      <div className="field">
        <label htmlFor={`${id}-bank_code`} className="field__label">
          {t("back_office_queues.reconciliation.bank_code")}
        </label>
        <select
          id={`${id}-bank_code`}
          className="field__input"
          value={account.bank_code}
          onChange={(e) => set("bank_code")(e.target.value)}
          required
          aria-invalid={errors.bank_code ? true : undefined}
          aria-describedby={errors.bank_code ? `${id}-bank_code-error` : undefined}
        >
          <option value="">{t("back_office_queues.reconciliation.bank_code_choose")}</option>
          {BANK_CODES.map((code) => (
            <option key={code} value={code}>
              {t(`flows.option.bank.${code}`)}
            </option>
          ))}
        </select>
        {errors.bank_code && (
          <p id={`${id}-bank_code-error`} className="field__error">
            {errors.bank_code}
          </p>
        )}
      </div>
      <TextField
        id={`${id}-account_number`}
        label={t("back_office_queues.reconciliation.account_number")}
        hint={t("back_office_queues.reconciliation.account_number_hint")}
        value={account.account_number}
        onChange={set("account_number")}
        error={errors.account_number}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        id={`${id}-account_name`}
        label={t("back_office_queues.reconciliation.account_name")}
        hint={t("back_office_queues.reconciliation.account_name_hint")}
        value={account.account_name}
        onChange={set("account_name")}
        error={errors.account_name}
        autoComplete="off"
        required
      />
    </ReasonDialog>
  );
}
