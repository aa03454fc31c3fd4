import { eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { FlowError } from "../flows/flow-errors.ts";
import { cancelInvestments } from "../funding/investment-service.ts";
import { IllegalTransition, transitionAccount, transitionApplication, type Actor } from "./status-transitions.ts";

/**
 * The borrower withdraws an application (application_cancellation flow), free of charge while
 * the table allows `cancel`. An initial application's account was never a loan: it is closed
 * (never activated); lenders' reservations are voided and their investments canceled. Refused
 * with 409 when the application has moved on.
 */
export async function cancelApplication(tx: Db, applicationId: string, actor: Actor, today: string): Promise<void> {
  try {
    await transitionApplication(tx, applicationId, "cancel", actor, "cancelled by the borrower");
  } catch (error) {
    if (error instanceof IllegalTransition) throw new FlowError(409, "application_not_cancellable", "flows.error.application_not_cancellable");
    throw error;
  }
  await cancelInvestments(tx, applicationId, today, actor, "cancelled by the borrower");
  await closeNeverActivatedAccount(tx, applicationId, actor, "its application was cancelled", today);
}

/** The account of an initial application that ended before disbursal: pending → closed. */
export async function closeNeverActivatedAccount(tx: Db, applicationId: string, actor: Actor, reason: string, today: string): Promise<void> {
  const [row] = await tx
    .select({ accountId: schema.accountApplications.accountId, typeKey: schema.accountApplications.typeKey, accountStatus: schema.accounts.status })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(eq(schema.accountApplications.id, applicationId));
  if (!row || row.typeKey !== "initial" || row.accountStatus !== "pending") return;
  await transitionAccount(tx, row.accountId, "abandon", actor, reason);
  await tx.update(schema.accounts).set({ closedOn: today }).where(eq(schema.accounts.id, row.accountId));
}
