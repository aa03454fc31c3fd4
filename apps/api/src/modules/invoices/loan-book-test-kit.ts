import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { flatInterest } from "@pinjaman/domain/schedule";

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
