import type { Db } from "@pinjaman/db";
import { instantOnBusinessDate } from "@pinjaman/domain/business-clock";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { addNotices } from "../customer-notices/add-notices.ts";
import { bankName } from "../disbursal/borrower-bank-account.ts";
import type { ClosingCredit } from "./closing-credit.ts";
import "@pinjaman/i18n/ns/payments";

/**
 * Tells the borrower, in the payment's transaction (a notice on /profile), how much credit a
 * payment left and what happens to it: kept on the loan and used when the next invoice falls due,
 * or, the loan closed, moved to their other loan or refunded to their bank account (decision
 * 0016, "Credit"). Credit applied by the daily job (amount 0) or none left: nothing to say.
 */
export async function sendCreditNotice(
  tx: Db,
  input: { borrowerId: string; amount: number; credit: number; closingCredit: ClosingCredit | null; businessDate: string },
): Promise<void> {
  const { closingCredit } = input;
  const at = instantOnBusinessDate(input.businessDate);
  const credit = formatRupiah(input.credit);
  if (closingCredit) {
    const body =
      closingCredit.kind === "refund"
        ? t("payments.credit.refund_body", { credit, bank: bankName(closingCredit.bank.bankCode), account_number: closingCredit.bank.accountNumber, account_name: closingCredit.bank.accountName })
        : t(closingCredit.kind === "moved" ? "payments.credit.moved_body" : "payments.credit.parked_body", { credit });
    await addNotices(tx, at, [{ customerId: input.borrowerId, title: t("payments.credit.closed_title", { credit }), body }]);
    return;
  }
  if (input.amount <= 0 || input.credit <= 0) return;
  await addNotices(tx, at, [
    { customerId: input.borrowerId, title: t("payments.credit.kept_title"), body: t("payments.credit.kept_body", { amount: formatRupiah(input.amount), credit }) },
  ]);
}
