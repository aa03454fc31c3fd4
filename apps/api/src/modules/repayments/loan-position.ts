import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { payoffAmount, type Payoff } from "@pinjaman/domain/payoff";
import { and, asc, eq, inArray } from "drizzle-orm";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import type { StoredInvoice } from "../invoices/schedule-fixing.ts";

/** The running terms of a loan account: its disbursed application and that schedule's invoices. */
export type LoanPosition = {
  application: typeof schema.accountApplications.$inferSelect & { effectiveOn: string };
  invoices: StoredInvoice[];
};

/**
 * The loan's running application (activated, or active after a reschedule) with its invoices,
 * oldest first; null before disbursal or after closing. `lock` locks the invoices (FOR UPDATE):
 * the payment transaction writes them.
 */
export async function loanPosition(db: Db, accountId: string, options: { lock?: boolean } = {}): Promise<LoanPosition | null> {
  const [application] = await db
    .select()
    .from(schema.accountApplications)
    .where(and(eq(schema.accountApplications.accountId, accountId), inArray(schema.accountApplications.status, ["activated", "active"])));
  if (!application?.effectiveOn) return null;
  const query = db
    .select()
    .from(schema.invoices)
    .where(eq(schema.invoices.accountApplicationId, application.id))
    .orderBy(asc(schema.invoices.dueOn), asc(schema.invoices.number));
  const invoices = options.lock ? await query.for("update") : await query;
  return { application: { ...application, effectiveOn: application.effectiveOn }, invoices };
}

/** What pays the loan off on `today` (decision 0013, interest to date). */
export function payoffOf(position: LoanPosition, today: string): Payoff {
  const { application } = position;
  return payoffAmount({ principal: application.amount, dailyRatePpm: application.dailyRatePpm, termMonths: application.term, effectiveOn: application.effectiveOn }, position.invoices, today);
}

/** The borrower's credit (overpayments) kept on a loan, in rupiah. */
export async function borrowerCreditBalance(db: Db, customerId: string, accountId: string): Promise<number> {
  const account = await findLedgerAccount(db, "borrower_credit", { customerId, accountId });
  return account ? balanceOf("borrower_credit", account).available : 0;
}
