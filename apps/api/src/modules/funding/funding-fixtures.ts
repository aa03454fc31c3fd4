import { schema, type Db } from "@pinjaman/db";
import { businessDateOf } from "@pinjaman/domain/business-clock";
import { approvedLoanApplication } from "../disbursal/sandbox-loans.ts";
import { sandboxDeposit } from "../ledger/lender-funds.ts";

/** Test fixtures for funding: lenders with deposited funds, approved applications. */

/**
 * A new registered lender with an investment account holding `deposit` rupiah (a sandbox top-up).
 * Their declared income is `annualIncome`, by default far above any OJK limit the test meets.
 */
export async function lenderWithFunds(
  db: Db,
  email: string,
  deposit: number,
  businessDate: string,
  annualIncome = Math.max(deposit * 10, 1_000_000_000),
): Promise<{ customerId: string; accountId: string }> {
  const [customer] = await db.insert(schema.customers).values({ name: email, email }).returning({ id: schema.customers.id });
  const [account] = await db.insert(schema.accounts).values({ customerId: customer!.id, typeKey: "investment", status: "active" }).returning({ id: schema.accounts.id });
  await db.insert(schema.lenderProfiles).values({
    customerId: customer!.id,
    investmentAccountId: account!.id,
    annualIncome,
    sourceOfFunds: "savings",
    riskAcceptedAt: new Date(),
  });
  if (deposit > 0) await sandboxDeposit(db, customer!.id, account!.id, { amount: deposit, idempotencyKey: `fixture-${account!.id}`, businessDate });
  return { customerId: customer!.id, accountId: account!.id };
}

/**
 * A new borrower's initial application of `amount` (4 months at 0.1 %/day) approved at `approvedAt`
 * (status waiting_for_investment, `approved_on` its business date, the approval recorded).
 */
export async function approvedApplication(db: Db, email: string, amount: number, approvedAt = new Date()): Promise<{ customerId: string; accountId: string; applicationId: string }> {
  const [customer] = await db.insert(schema.customers).values({ name: email, email }).returning({ id: schema.customers.id });
  const terms = { amount, term: 4, dailyRatePpm: 1000 };
  const approved = await approvedLoanApplication(db, customer!.id, terms, businessDateOf(approvedAt), { approvedAt });
  return { customerId: customer!.id, ...approved };
}
