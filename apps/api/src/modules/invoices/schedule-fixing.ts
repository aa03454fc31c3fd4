import { asc, eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { invoiceSchedule } from "@pinjaman/domain/invoices";
import { dailyRateCap, periodsOverCap, type LoanType } from "@pinjaman/domain/ojk-guard";
import { applicationNotFound } from "../account-applications/status-transitions.ts";

export type StoredInvoice = typeof schema.invoices.$inferSelect;
export type FixedSchedule = { invoices: StoredInvoice[]; effectiveOn: string; maturityOn: string };

async function loanTypeOf(tx: Db, accountId: string): Promise<LoanType> {
  const [row] = await tx
    .select({ loanType: schema.products.loanType })
    .from(schema.accounts)
    .innerJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(eq(schema.accounts.id, accountId));
  if (!row) throw new Error(`loan account ${accountId} has no product`);
  return row.loanType;
}

/**
 * Fixes an application's schedule at disbursal (decision 0012): one invoice per instalment of
 * `invoiceSchedule` (the calculator's own function) from `effectiveOn`, and the application's
 * effective_on and maturity_on (the last due date). Idempotent: when the application has
 * invoices already, nothing changes and the stored schedule is returned. The application row is
 * locked first, so two concurrent calls store one schedule. The instalments must add up to the
 * total repayment the borrower agreed to, and no instalment may charge more than the OJK cap of
 * the loan (its product's type, on the day it was agreed) on the actual calendar days of its
 * period (decision 0003): the amounts do not depend on the start date and the offer was priced
 * for the shortest period, so either failing is a bug and throws.
 */
export async function fixSchedule(tx: Db, { applicationId, effectiveOn }: { applicationId: string; effectiveOn: string }): Promise<FixedSchedule> {
  const [application] = await tx.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId)).for("update");
  if (!application) throw applicationNotFound();
  const stored = await tx.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId)).orderBy(asc(schema.invoices.number));
  if (stored.length > 0) {
    return { invoices: stored, effectiveOn: application.effectiveOn ?? effectiveOn, maturityOn: application.maturityOn ?? stored[stored.length - 1]!.dueOn };
  }

  const instalments = invoiceSchedule({ principal: application.amount, dailyRatePpm: application.dailyRatePpm, termMonths: application.term }, effectiveOn);
  const total = instalments.reduce((sum, i) => sum + i.amount, 0);
  if (total !== application.totalRepayment) {
    throw new Error(`schedule of application ${applicationId} sums to ${total}, the agreed total repayment is ${application.totalRepayment}`);
  }
  const cap = dailyRateCap(await loanTypeOf(tx, application.accountId), application.term, application.submittedOn ?? effectiveOn);
  const over = periodsOverCap({ principal: application.amount, startDate: effectiveOn, instalments }, cap);
  if (over.length > 0) {
    const { number, days, interest, max } = over[0]!;
    throw new Error(`schedule of application ${applicationId}: instalment ${number} charges ${interest} of interest for ${days} days, the OJK cap allows ${max}`);
  }
  const invoices = await tx
    .insert(schema.invoices)
    .values(
      instalments.map((i) => ({
        accountId: application.accountId,
        accountApplicationId: applicationId,
        number: i.number,
        dueOn: i.dueDate,
        principal: i.principal,
        interest: i.interest,
        total: i.amount,
      })),
    )
    .returning();
  const maturityOn = instalments[instalments.length - 1]!.dueDate;
  await tx.update(schema.accountApplications).set({ effectiveOn, maturityOn }).where(eq(schema.accountApplications.id, applicationId));
  return { invoices: invoices.sort((a, b) => a.number - b.number), effectiveOn, maturityOn };
}
