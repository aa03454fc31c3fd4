import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, eq, inArray } from "drizzle-orm";
import { recordTransition, transitionAccount, type Actor } from "../account-applications/status-transitions.ts";
import { createTransfers, openLedgerAccount, type TransferInput } from "../ledger/ledger-service.ts";

/**
 * Writes off an active loan (decision 0009) in the caller's transaction: the account moves
 * `write_off` (active → written_off, by the status table), then `write_offs → loan_receivable` for
 * the principal still owed and, per lender, `lender_investment → write_offs` for their share, so
 * the lenders bear the loss and the receivable and its shares reach zero together; the settled
 * investments close. Answers the principal written off.
 */
export async function writeOffLoan(tx: Db, accountId: string, businessDate: string, actor: Actor, reason: string): Promise<number> {
  await transitionAccount(tx, accountId, "write_off", actor, reason);
  const ledger = await tx
    .select()
    .from(schema.ledgerAccounts)
    .where(and(eq(schema.ledgerAccounts.accountId, accountId), inArray(schema.ledgerAccounts.kind, ["loan_receivable", "lender_investment", "insurer_investment"])));
  const receivable = ledger.find((a) => a.kind === "loan_receivable");
  const principal = receivable ? balanceOf("loan_receivable", receivable).posted : 0;
  if (principal > 0) {
    const writeOffs = await openLedgerAccount(tx, "write_offs", { accountId });
    const transfers: TransferInput[] = [
      { mode: "single_phase", code: "write_off", debitAccountId: writeOffs.id, creditAccountId: receivable!.id, amount: principal, idempotencyKey: `write_off:${accountId}`, businessDate, reference: `account:${accountId}` },
    ];
    // A share claimed from the insurer (decision 0024) is the insurer's loss now, written off the same way.
    for (const share of ledger.filter((a) => a.kind === "lender_investment" || a.kind === "insurer_investment")) {
      const amount = balanceOf(share.kind, share).posted;
      if (amount <= 0) continue;
      transfers.push({
        mode: "single_phase",
        code: "write_off",
        debitAccountId: share.id,
        creditAccountId: writeOffs.id,
        amount,
        idempotencyKey: `write_off:${accountId}:${share.kind === "insurer_investment" ? "insurer:" : ""}${share.investmentId}`,
        businessDate,
        reference: `investment:${share.investmentId}`,
      });
    }
    await createTransfers(tx, transfers);
  }
  const [application] = await tx
    .select({ id: schema.accountApplications.id })
    .from(schema.accountApplications)
    .where(and(eq(schema.accountApplications.accountId, accountId), inArray(schema.accountApplications.status, ["activated", "active"])));
  if (application) {
    const closed = await tx
      .update(schema.investments)
      .set({ status: "closed" })
      .where(and(eq(schema.investments.accountApplicationId, application.id), eq(schema.investments.status, "settled")))
      .returning({ id: schema.investments.id });
    for (const { id } of closed) await recordTransition(tx, { subject: "investment", id, from: "settled", to: "closed", event: "close", actor, reason: "loan written off" });
  }
  return principal;
}
