import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { flatInterest } from "@pinjaman/domain/schedule";
import { eq } from "drizzle-orm";
import { fixSchedule } from "./schedule-fixing.ts";

export type LoanTermsInput = { amount: number; term: number; dailyRatePpm: number };

/**
 * A loan account (pending) with an application in disbursal, as funding leaves it: what
 * disbursal hands to fixSchedule and openVirtualAccounts. The total repayment is the offer's.
 */
export async function loanInDisbursal(db: Db, customerId: string, terms: LoanTermsInput = { amount: 2_000_000, term: 4, dailyRatePpm: 1000 }) {
  const [account] = await db.insert(schema.accounts).values({ customerId, typeKey: "loan", productKey: "spl", status: "pending" }).returning();
  const totalRepayment = terms.amount + flatInterest(terms.amount, terms.dailyRatePpm, terms.term);
  const [application] = await db
    .insert(schema.accountApplications)
    .values({ accountId: account!.id, typeKey: "initial", status: "in_disbursement", ...terms, totalRepayment, submittedOn: "2026-01-20" })
    .returning();
  return { account: account!, application: application! };
}

/**
 * An active loan as disbursal leaves it (until disbursal lands, the daily jobs' tests make their
 * own): account `active`, application `activated`, schedule fixed from `effectiveOn`. Product
 * `spl` is consumptive, `alumak` productive.
 */
export async function activeLoanForJobs(
  db: Db,
  customerId: string,
  { effectiveOn, productKey = "spl", ...terms }: Partial<LoanTermsInput> & { effectiveOn: string; productKey?: string },
) {
  const loan = await loanInDisbursal(db, customerId, { amount: 2_000_000, term: 4, dailyRatePpm: 1000, ...terms });
  await db.update(schema.accounts).set({ status: "active", productKey, activatedOn: effectiveOn, principalBalance: loan.application.amount }).where(eq(schema.accounts.id, loan.account.id));
  await db.update(schema.accountApplications).set({ status: "activated" }).where(eq(schema.accountApplications.id, loan.application.id));
  const schedule = await fixSchedule(db, { applicationId: loan.application.id, effectiveOn });
  return { ...loan, ...schedule };
}
