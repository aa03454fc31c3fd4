import { eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { flatInterest } from "@pinjaman/domain/schedule";
import { SANDBOX_CHANNEL_CODES } from "@pinjaman/domain/virtual-accounts";
import { SYSTEM, transitionAccount, transitionApplication } from "../account-applications/status-transitions.ts";
import { fixSchedule } from "./schedule-fixing.ts";
import { openVirtualAccounts } from "./virtual-accounts.ts";

export type LoanTermsInput = { amount: number; term: number; dailyRatePpm: number };

const DEFAULT_TERMS: LoanTermsInput = { amount: 2_000_000, term: 4, dailyRatePpm: 1000 };

/**
 * A loan account (pending) with an application in disbursal, as funding leaves it: what
 * disbursal hands to fixSchedule and openVirtualAccounts. The total repayment is the offer's.
 */
export async function loanInDisbursal(db: Db, customerId: string, terms: LoanTermsInput = DEFAULT_TERMS) {
  const [account] = await db.insert(schema.accounts).values({ customerId, typeKey: "loan", productKey: "spl", status: "pending" }).returning();
  const totalRepayment = terms.amount + flatInterest(terms.amount, terms.dailyRatePpm, terms.term);
  const [application] = await db
    .insert(schema.accountApplications)
    .values({ accountId: account!.id, typeKey: "initial", status: "in_disbursement", ...terms, totalRepayment, submittedOn: "2026-01-20" })
    .returning();
  return { account: account!, application: application! };
}

/**
 * An active loan as disbursal leaves it (until the disbursal work replaces this with the real
 * path): schedule fixed from `effectiveOn`, virtual accounts open, application activated, account
 * active with the principal owed, statuses moved through the transition table. Product `spl` is
 * consumptive, `alumak` productive.
 */
export async function activeLoan(
  db: Db,
  customerId: string,
  { effectiveOn = "2026-01-31", productKey = "spl", ...terms }: Partial<LoanTermsInput> & { effectiveOn?: string; productKey?: string } = {},
) {
  const loan = await loanInDisbursal(db, customerId, { ...DEFAULT_TERMS, ...terms });
  const schedule = await db.transaction(async (tx) => {
    const fixed = await fixSchedule(tx, { applicationId: loan.application.id, effectiveOn });
    await openVirtualAccounts(tx, loan.account.id, SANDBOX_CHANNEL_CODES);
    await transitionApplication(tx, loan.application.id, "disburse", SYSTEM, "test kit: disbursed");
    await transitionAccount(tx, loan.account.id, "activate", SYSTEM, "test kit: disbursed");
    await tx.update(schema.accounts).set({ productKey, activatedOn: effectiveOn, principalBalance: loan.application.amount }).where(eq(schema.accounts.id, loan.account.id));
    return fixed;
  });
  return { ...loan, ...schedule };
}
