import { schema, type Db } from "@pinjaman/db";
import { and, eq } from "drizzle-orm";
import { recordTransition, SYSTEM, transitionAccount, transitionApplication } from "../account-applications/status-transitions.ts";

/**
 * Closes a paid-off loan in the payment's transaction (decision 0016): principal 0 and nothing
 * due, so the account `close` (closed, Lunas, closed_on = the business date), its application
 * `close` (closed, LUNAS) and each settled investment `close`. A borrower credit left on the loan
 * is then moved to their other loan or refunded (closing-credit.ts).
 */
export async function closePaidOffLoan(tx: Db, accountId: string, applicationId: string, businessDate: string): Promise<void> {
  await transitionAccount(tx, accountId, "close", SYSTEM, "paid off");
  await tx.update(schema.accounts).set({ closedOn: businessDate }).where(eq(schema.accounts.id, accountId));
  await transitionApplication(tx, applicationId, "close", SYSTEM, "paid off");
  const closed = await tx
    .update(schema.investments)
    .set({ status: "closed" })
    .where(and(eq(schema.investments.accountApplicationId, applicationId), eq(schema.investments.status, "settled")))
    .returning({ id: schema.investments.id });
  for (const { id } of closed) await recordTransition(tx, { subject: "investment", id, from: "settled", to: "closed", event: "close", actor: SYSTEM, reason: "loan paid off" });
}
