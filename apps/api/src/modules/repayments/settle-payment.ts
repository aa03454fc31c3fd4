import { schema, type Db } from "@pinjaman/db";
import { createTransfers, openLedgerAccount, type LedgerAccount } from "../ledger/ledger-service.ts";
import { sendCreditNotice } from "./credit-notice.ts";
import { settleClosingCredit } from "./closing-credit.ts";
import { closePaidOffLoan } from "./closing.ts";
import { allocateToLoan, recordInvestmentRepayments, type LoanAllocation } from "./loan-allocation.ts";
import type { LoanPosition } from "./loan-position.ts";

type PaymentRow = typeof schema.payments.$inferInsert;
type StoredPayment = typeof schema.payments.$inferSelect;
export type ParkedReason = NonNullable<StoredPayment["parkedReason"]>;
/** What the caller says of the payment row; the allocation's figures and the status are added here. */
export type PaymentRecord = Omit<PaymentRow, "status" | "lateFee" | "interest" | "principal" | "credit" | "creditUsed" | "waivedInterest" | "accountStatus"> & { id: string };

/**
 * The one sequence of every payment that reaches an active loan (a gateway or sandbox payment,
 * a parked one matched by staff, a refinancing's payoff; decision 0016), in the caller's
 * transaction with the loan locked: allocate it (allocateToLoan), close a loan it pays off (its
 * credit left moved to another loan or refunded, closing-credit.ts), store the allocated payment
 * row and each investment's part of it (investment_repayments), and tell the borrower what
 * became of any credit the payment left (credit-notice.ts).
 */
export async function settleLoanPayment(
  tx: Db,
  allocation: Parameters<typeof allocateToLoan>[1],
  position: LoanPosition,
  record: PaymentRecord,
  accountStatus: string,
): Promise<{ payment: typeof schema.payments.$inferSelect; allocated: LoanAllocation }> {
  const allocated = await allocateToLoan(tx, allocation, position);
  if (allocated.paidOff) await closePaidOffLoan(tx, allocation.accountId, position.application.id, allocation.businessDate);
  const [payment] = await tx
    .insert(schema.payments)
    .values({
      ...record,
      status: "allocated",
      lateFee: allocated.lateFee,
      interest: allocated.interest,
      principal: allocated.principal,
      credit: allocated.credit,
      creditUsed: allocated.creditUsed,
      waivedInterest: allocated.waivedInterest,
      accountStatus: allocated.paidOff ? "closed" : accountStatus,
    })
    .returning();
  await recordInvestmentRepayments(tx, { paymentId: record.id, businessDate: allocation.businessDate }, allocated.payouts);
  const closingCredit =
    allocated.paidOff && allocated.credit > 0
      ? await settleClosingCredit(tx, {
          borrowerId: allocation.borrowerId,
          accountId: allocation.accountId,
          credit: allocated.credit,
          businessDate: allocation.businessDate,
          virtualAccount: { id: record.virtualAccountId ?? null, channel: record.channel, number: record.virtualAccountNumber },
        })
      : null;
  await sendCreditNotice(tx, { borrowerId: allocation.borrowerId, amount: allocation.amount, credit: allocated.credit, closingCredit, businessDate: allocation.businessDate });
  return { payment: payment!, allocated };
}

/**
 * Parks a payment for reconciliation (decision 0016), in the caller's transaction: the row stored
 * `parked` with its reason, and its money, when it is a whole rupiah above 0, moved
 * bank_escrow (or `from`: a closed loan's borrower_credit) → payment_suspense, never lost.
 */
export async function parkPayment(tx: Db, record: PaymentRecord, reason: ParkedReason, from?: LedgerAccount): Promise<StoredPayment> {
  const [payment] = await tx
    .insert(schema.payments)
    .values({ ...record, status: "parked", parkedReason: reason, accountStatus: null })
    .returning();
  if (record.amount > 0 && Number.isSafeInteger(record.amount)) {
    const source = from ?? (await openLedgerAccount(tx, "bank_escrow"));
    const suspense = await openLedgerAccount(tx, "payment_suspense");
    await createTransfers(tx, [
      { mode: "single_phase", code: "payment_parked", debitAccountId: source.id, creditAccountId: suspense.id, amount: record.amount, idempotencyKey: `payment:${record.id}:parked`, businessDate: record.businessDate, reference: `payment:${record.id}` },
    ]);
  }
  return payment!;
}
