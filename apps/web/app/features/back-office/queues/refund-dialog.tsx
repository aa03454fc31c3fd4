import type { ParkedPayment, PaymentRefundRequest } from "@pinjaman/contracts/back-office-queues";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { BANK_ACCOUNT_FIELDS, BankAccountFields, bankAccountDraft, bankAccountErrors, bankAccountServerErrors, type BankAccountDraft, type BankAccountErrors } from "../bank-account-fields.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";
import "@pinjaman/i18n/ns/back_office_queues";
import "@pinjaman/i18n/ns/flows";

const LABELS = () => ({
  bank: t("back_office_queues.reconciliation.bank_code"),
  choose: t("back_office_queues.reconciliation.bank_code_choose"),
  number: t("back_office_queues.reconciliation.account_number"),
  numberHint: t("back_office_queues.reconciliation.account_number_hint"),
  holder: t("back_office_queues.reconciliation.account_name"),
  holderHint: t("back_office_queues.reconciliation.account_name_hint"),
});

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
  const [account, setAccount] = useState<BankAccountDraft>(() => bankAccountDraft(before));
  const [errors, setErrors] = useState<BankAccountErrors>({});
  const retry = payment.reconciliation !== "open";

  return (
    <ReasonDialog
      title={t("back_office_queues.reconciliation.refund_title", { amount: formatRupiah(payment.amount) })}
      confirmLabel={t(retry ? "back_office_queues.reconciliation.refund_retry" : "back_office_queues.reconciliation.refund_confirm")}
      onClose={onClose}
      validate={() => {
        const found = bankAccountErrors(account, t("back_office_queues.reconciliation.bank_code_choose"));
        setErrors(found);
        const first = BANK_ACCOUNT_FIELDS.find((f) => found[f]);
        if (!first) return null;
        document.getElementById(`${id}-${first}`)?.focus();
        return found[first]!;
      }}
      onFieldErrors={(error) => {
        const found = bankAccountServerErrors(error);
        setErrors(found);
        return Object.keys(found).length > 0;
      }}
      // validate() refused an unchosen bank before anything is sent.
      onConfirm={async (reason) => onDone((await refund(payment.id, { ...account, bank_code: account.bank_code as PaymentRefundRequest["bank_code"], reason })).payment)}
    >
      <p>{t("back_office_queues.reconciliation.refund_intro", { amount: formatRupiah(payment.amount) })}</p>
      {before?.account_refused && <p className="queues__error">{t("back_office_queues.reconciliation.refund_account_refused")}</p>}
      <BankAccountFields id={id} account={account} errors={errors} labels={LABELS()} onChange={(field, value) => setAccount((a) => ({ ...a, [field]: value }))} />
    </ReasonDialog>
  );
}
