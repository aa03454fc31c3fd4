import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { loanPosition } from "../repayments/loan-position.ts";
import { parkPayment, settleLoanPayment } from "../repayments/settle-payment.ts";
import { refinancedPayoff } from "../flows/borrower-offers.ts";

/**
 * A refinancing's payoff at disbursal (decision "borrower flow offers"). The new loan's payout
 * leaves the escrow as every disbursal does; the bank pays the borrower only the payout less the
 * old loan's payoff of the disbursal's business date, and that payoff is paid into the old loan
 * through the payment path (allocateToLoan, decision 0016): a `payments` row of source
 * `refinancing`, the ledger batch bank_escrow → borrower_clearing → receivable, lenders' funds,
 * fees; the old loan closes LUNAS and its lenders are paid, as if the borrower had paid it.
 */

export type RefinancingAtDisbursal = { refinancingId: string; refinancedAccountId: string; customerId: string; payoff: number; payoffOn: string };

/**
 * The pending refinancing of `applicationId` with the payoff its disbursal pays: fixed by the first
 * attempt as the old loan's payoff on `businessDate` (0 when it is no longer active), so a retry on
 * a later day asks the bank for the same amount under the same reference. Null for an ordinary loan.
 * Called by the runner that claimed the disbursal (one at a time).
 */
export async function refinancingAtDisbursal(db: Db, applicationId: string, businessDate: string): Promise<RefinancingAtDisbursal | null> {
  const [row] = await db
    .select({ refinancing: schema.refinancings, customerId: schema.accounts.customerId })
    .from(schema.refinancings)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.refinancings.refinancedAccountId))
    .where(and(eq(schema.refinancings.accountApplicationId, applicationId), eq(schema.refinancings.status, "pending")));
  if (!row) return null;
  const { refinancing } = row;
  const base = { refinancingId: refinancing.id, refinancedAccountId: refinancing.refinancedAccountId, customerId: row.customerId };
  if (refinancing.payoffPaid !== null && refinancing.payoffOn !== null) return { ...base, payoff: refinancing.payoffPaid, payoffOn: refinancing.payoffOn };
  const payoff = (await refinancedPayoff(db, row.customerId, refinancing.refinancedAccountId, businessDate)) ?? 0;
  await db.update(schema.refinancings).set({ payoffPaid: payoff, payoffOn: businessDate }).where(and(eq(schema.refinancings.id, refinancing.id), isNull(schema.refinancings.payoffPaid)));
  return { ...base, payoff, payoffOn: businessDate };
}

/**
 * In the disbursal's transaction, after its ledger batch: `payoff` (what the bank did not pay the
 * borrower) is paid into the old loan, locked, as a payment of the day it was fixed (so it is that
 * day's payoff exactly); a paid-off loan is closed. A payment that arrived since leaves the rest as
 * the borrower's credit on the old loan (the allocation keeps an overpayment), never lost; one
 * that closed it makes the whole payoff that credit.
 */
export async function settleRefinancing(tx: Db, input: { refinancing: RefinancingAtDisbursal; applicationId: string; businessDate: string; platformFeePpm: number }): Promise<void> {
  const { refinancing } = input;
  const businessDate = refinancing.payoffOn;
  if (refinancing.payoff <= 0) {
    await tx.update(schema.refinancings).set({ status: "not_needed", settledOn: input.businessDate }).where(eq(schema.refinancings.id, refinancing.refinancingId));
    return;
  }
  const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, refinancing.refinancedAccountId)).for("update");
  const position = account?.status === "active" ? await loanPosition(tx, account.id, { lock: true }) : null;
  const paymentId = randomUUID();
  const reference = `refinancing:${input.applicationId}`;
  if (!account || !position) {
    // Paid off by the borrower since the payoff was fixed: the money is theirs, parked for an operator to refund (decision 0016's rule for a payment to a loan that is not active).
    await parkPayment(
      tx,
      {
        id: paymentId,
        gatewayTransactionId: reference,
        source: "refinancing",
        channel: "refinancing",
        virtualAccountNumber: reference,
        accountId: refinancing.refinancedAccountId,
        amount: refinancing.payoff,
        businessDate,
      },
      "account_not_active",
    );
    await tx.update(schema.refinancings).set({ status: "settled", paymentId, settledOn: input.businessDate }).where(eq(schema.refinancings.id, refinancing.refinancingId));
    return;
  }
  await settleLoanPayment(
    tx,
    { paymentId, borrowerId: account.customerId, accountId: account.id, virtualAccountNumber: reference, amount: refinancing.payoff, businessDate, platformFeePpm: input.platformFeePpm },
    position,
    {
      id: paymentId,
      gatewayTransactionId: reference,
      source: "refinancing",
      channel: "refinancing",
      virtualAccountNumber: reference,
      virtualAccountId: null,
      accountId: account.id,
      amount: refinancing.payoff,
      businessDate,
      paidAt: null,
    },
    account.status,
  );
  await tx
    .update(schema.refinancings)
    .set({ status: "settled", paymentId, settledOn: input.businessDate })
    .where(eq(schema.refinancings.id, refinancing.refinancingId));
}
