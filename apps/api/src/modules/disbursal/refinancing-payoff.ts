import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { closePaidOffLoan } from "../repayments/closing.ts";
import { allocateToLoan, recordInvestmentRepayments } from "../repayments/loan-allocation.ts";
import { loanPosition } from "../repayments/loan-position.ts";
import { refinancedPayoff } from "../flows/borrower-offers.ts";

/**
 * A refinancing's payoff at disbursal (decision "borrower flow offers"). The new loan's payout
 * leaves the escrow as every disbursal does; the bank pays the borrower only the payout less the
 * old loan's payoff of the disbursal's business date, and that payoff is paid into the old loan
 * through the payment path (allocateToLoan, decision 0016): a `payments` row of source
 * `refinancing`, the ledger batch bank_escrow → borrower_clearing → receivable, lenders' funds,
 * fees; the old loan closes LUNAS and its lenders are paid, as if the borrower had paid it.
 */

export type RefinancingAtDisbursal = { refinancingId: string; refinancedAccountId: string; customerId: string; payoff: number };

/** The pending refinancing of `applicationId` with the old loan's payoff on `businessDate` (0 when it is no longer active); null for an ordinary loan. */
export async function refinancingAtDisbursal(db: Db, applicationId: string, businessDate: string): Promise<RefinancingAtDisbursal | null> {
  const [row] = await db
    .select({ id: schema.refinancings.id, refinancedAccountId: schema.refinancings.refinancedAccountId, customerId: schema.accounts.customerId })
    .from(schema.refinancings)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.refinancings.refinancedAccountId))
    .where(and(eq(schema.refinancings.accountApplicationId, applicationId), eq(schema.refinancings.status, "pending")));
  if (!row) return null;
  const payoff = await refinancedPayoff(db, row.customerId, row.refinancedAccountId, businessDate);
  return { refinancingId: row.id, refinancedAccountId: row.refinancedAccountId, customerId: row.customerId, payoff: payoff ?? 0 };
}

/**
 * In the disbursal's transaction, after its ledger batch: `payoff` (what the bank did not pay the
 * borrower) is paid into the old loan, locked; a paid-off loan is closed. A payment that arrived
 * between the bank call and now leaves the rest as the borrower's credit on the old loan (the
 * allocation keeps an overpayment), never lost. An old loan closed meanwhile: nothing to pay.
 */
export async function settleRefinancing(tx: Db, input: { refinancing: RefinancingAtDisbursal; applicationId: string; businessDate: string; platformFeePpm: number }): Promise<void> {
  const { refinancing, businessDate } = input;
  if (refinancing.payoff <= 0) {
    await tx.update(schema.refinancings).set({ status: "not_needed", settledOn: businessDate }).where(eq(schema.refinancings.id, refinancing.refinancingId));
    return;
  }
  const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, refinancing.refinancedAccountId)).for("update");
  const position = account?.status === "active" ? await loanPosition(tx, account.id, { lock: true }) : null;
  if (!account || !position) throw new Error(`refinanced loan ${refinancing.refinancedAccountId} is no longer active: its payoff has nowhere to go`);
  const paymentId = randomUUID();
  const reference = `refinancing:${input.applicationId}`;
  const allocated = await allocateToLoan(
    tx,
    { paymentId, borrowerId: account.customerId, accountId: account.id, virtualAccountNumber: reference, amount: refinancing.payoff, businessDate, platformFeePpm: input.platformFeePpm },
    position,
  );
  if (allocated.paidOff) await closePaidOffLoan(tx, account.id, position.application.id, businessDate);
  await tx.insert(schema.payments).values({
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
    status: "allocated",
    lateFee: allocated.lateFee,
    interest: allocated.interest,
    principal: allocated.principal,
    credit: allocated.credit,
    creditUsed: allocated.creditUsed,
    waivedInterest: allocated.waivedInterest,
    accountStatus: allocated.paidOff ? "closed" : account.status,
  });
  await recordInvestmentRepayments(tx, { paymentId, businessDate }, allocated.payouts);
  await tx
    .update(schema.refinancings)
    .set({ status: "settled", payoffPaid: refinancing.payoff, paymentId, settledOn: businessDate })
    .where(eq(schema.refinancings.id, refinancing.refinancingId));
}
