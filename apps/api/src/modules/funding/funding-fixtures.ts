import { schema, type Db } from "@pinjaman/db";
import { recordTransition, SYSTEM } from "../account-applications/status-transitions.ts";
import { sandboxDeposit } from "../ledger/lender-funds.ts";

/** Test fixtures for funding: lenders with deposited funds, approved applications. */

/** A new lender with an investment account holding `deposit` rupiah (a sandbox top-up). */
export async function lenderWithFunds(db: Db, email: string, deposit: number, businessDate: string): Promise<{ customerId: string; accountId: string }> {
  const [customer] = await db.insert(schema.customers).values({ name: email, email }).returning({ id: schema.customers.id });
  const [account] = await db.insert(schema.accounts).values({ customerId: customer!.id, typeKey: "investment", status: "active" }).returning({ id: schema.accounts.id });
  if (deposit > 0) await sandboxDeposit(db, customer!.id, account!.id, { amount: deposit, idempotencyKey: `fixture-${account!.id}`, businessDate });
  return { customerId: customer!.id, accountId: account!.id };
}

/** A borrower's initial application approved at `approvedAt` (status waiting_for_investment, the approval recorded). */
export async function approvedApplication(db: Db, email: string, amount: number, approvedAt = new Date()): Promise<{ customerId: string; accountId: string; applicationId: string }> {
  const [customer] = await db.insert(schema.customers).values({ name: email, email }).returning({ id: schema.customers.id });
  const [account] = await db.insert(schema.accounts).values({ customerId: customer!.id, typeKey: "loan", productKey: "spl", status: "pending" }).returning({ id: schema.accounts.id });
  const [application] = await db
    .insert(schema.accountApplications)
    .values({ accountId: account!.id, typeKey: "initial", status: "waiting_for_investment", amount, term: 4, dailyRatePpm: 1000, totalRepayment: amount, submittedOn: "2026-11-01" })
    .returning({ id: schema.accountApplications.id });
  await recordTransition(db, { subject: "account_application", id: application!.id, from: "submitted", to: "waiting_for_investment", event: "approve", actor: SYSTEM, reason: null }, approvedAt);
  return { customerId: customer!.id, accountId: account!.id, applicationId: application!.id };
}
