import type { ClosingCreditView } from "@pinjaman/contracts/account-detail";
import { schema, type Db } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, asc, eq, ne } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { bankName, borrowerBankAccount, type BorrowerBankAccount } from "../disbursal/borrower-bank-account.ts";
import { createTransfers, findTransfer, openLedgerAccount } from "../ledger/ledger-service.ts";
import { parkPayment } from "./settle-payment.ts";
import "@pinjaman/i18n/ns/payments";

/** What became of the credit left on a loan that closed (decision 0016, "Credit"). */
export type ClosingCredit =
  | { kind: "moved"; amount: number; accountId: string }
  | { kind: "refund"; amount: number; parkedPaymentId: string; bank: BorrowerBankAccount }
  /** No bank account on the profile: parked and open in the back office for an operator to refund. */
  | { kind: "parked"; amount: number; parkedPaymentId: string };

/**
 * The credit left on a loan that just closed, in the payment's transaction (`credit` rupiah on its
 * borrower_credit account):
 * - the borrower has another active loan: moved to that loan's credit (the oldest one's), code
 *   credit_transferred, where it pays the next invoice falling due (credit-application.ts);
 * - otherwise parked for refund through the reconciliation path (decision 0033): a parked payment
 *   (reason closing_credit, source credit, `closing_credit:<account>`) whose money moves
 *   borrower_credit → payment_suspense, and, when the profile has the bank account onboarding
 *   verified, its refund to that account, decided by the platform (no staff) and due at once:
 *   the credit-refund job pays it (claim → bank → record) and retries it; the back office shows it
 *   with the other parked payments. Without a bank account it waits there for an operator.
 */
export async function settleClosingCredit(
  tx: Db,
  input: { borrowerId: string; accountId: string; credit: number; businessDate: string; virtualAccount: { id: string | null; channel: string; number: string } },
): Promise<ClosingCredit> {
  const { borrowerId, accountId, credit: amount, businessDate } = input;
  const from = await openLedgerAccount(tx, "borrower_credit", { customerId: borrowerId, accountId });
  const [other] = await tx
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, borrowerId), eq(schema.accounts.typeKey, "loan"), eq(schema.accounts.status, "active"), ne(schema.accounts.id, accountId)))
    .orderBy(asc(schema.accounts.createdAt), asc(schema.accounts.id))
    .limit(1);
  if (other) {
    const to = await openLedgerAccount(tx, "borrower_credit", { customerId: borrowerId, accountId: other.id });
    const reference = `closing_credit:${accountId}`;
    await createTransfers(tx, [{ mode: "single_phase", code: "credit_transferred", debitAccountId: from.id, creditAccountId: to.id, amount, idempotencyKey: `${reference}:moved`, businessDate, reference }]);
    return { kind: "moved", amount, accountId: other.id };
  }

  const parkedPaymentId = randomUUID();
  const va = input.virtualAccount;
  await parkPayment(
    tx,
    { id: parkedPaymentId, gatewayTransactionId: `closing_credit:${accountId}`, source: "credit", channel: va.channel, virtualAccountNumber: va.number, virtualAccountId: va.id, accountId, amount, businessDate },
    "closing_credit",
    from,
  );
  const bank = await borrowerBankAccount(tx, borrowerId);
  if (!bank) return { kind: "parked", amount, parkedPaymentId };
  await tx.insert(schema.paymentReconciliations).values({ parkedPaymentId, outcome: "refund_requested", staffId: null, reason: t("payments.credit.refund_reason"), businessDate });
  await tx.insert(schema.paymentRefunds).values({
    parkedPaymentId,
    amount,
    bankCode: bank.bankCode,
    accountNumber: bank.accountNumber,
    accountName: bank.accountName,
    transferReference: `refund:${parkedPaymentId}`,
    status: "pending",
    nextAttemptAt: new Date(`${businessDate}T00:00:00+07:00`),
  });
  return { kind: "refund", amount, parkedPaymentId, bank };
}

const REFUND_OUTCOMES = { pending: "refund_pending", refunded: "refunded", failed: "refund_failed" } as const;

/** What became of a closed loan's credit, for its loan page; null when it closed with none. */
export async function closingCreditOf(db: Db, accountId: string): Promise<ClosingCreditView | null> {
  const moved = await findTransfer(db, `closing_credit:${accountId}:moved`);
  if (moved) return { amount: moved.amount, outcome: "moved", bank_name: null, account_number: null };
  const [row] = await db
    .select({ amount: schema.payments.amount, refund: schema.paymentRefunds })
    .from(schema.payments)
    .leftJoin(schema.paymentRefunds, eq(schema.paymentRefunds.parkedPaymentId, schema.payments.id))
    .where(eq(schema.payments.gatewayTransactionId, `closing_credit:${accountId}`));
  if (!row) return null;
  const { refund } = row;
  if (!refund) return { amount: row.amount, outcome: "parked", bank_name: null, account_number: null };
  return { amount: row.amount, outcome: REFUND_OUTCOMES[refund.status], bank_name: bankName(refund.bankCode), account_number: refund.accountNumber };
}
