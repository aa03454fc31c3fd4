import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { partnerSettlementAccount } from "../partners/settlement-account.ts";
import { borrowerBankAccount } from "./borrower-bank-account.ts";

/** A bank account the bank pays: bank code, account number (digits), holder. */
export type PayeeAccount = { bankCode: string; accountNumber: string; accountName: string };

/**
 * Whom a disbursal pays (decisions 0015, 0032): the borrower's own account, or — for the loan of
 * a purchase — the merchant, at its partner's settlement account (the item is the borrower's; the
 * loan is still theirs to repay). `borrowerName` greets the borrower in the notice either way.
 */
export type Payee =
  | ({ kind: "borrower"; borrowerName: string; name: string } & PayeeAccount)
  | ({ kind: "merchant"; borrowerName: string; name: string; partnerId: string } & PayeeAccount);

export type PayeeAnswer = { ok: true; payee: Payee } | { ok: false; reason: string };

/**
 * The one answer to "where does this application's money go": the purchase's partner's
 * settlement account when the application came from a purchase (`name` is the merchant the
 * partner named), else the borrower's onboarding bank account. Without the account it needs, the
 * reason why (the disbursal gives up: retrying would not make an account appear).
 */
export async function disbursalPayee(db: Db, applicationId: string): Promise<PayeeAnswer> {
  const [loan] = await db
    .select({ customerId: schema.accounts.customerId, borrowerName: schema.customers.name })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
    .where(eq(schema.accountApplications.id, applicationId));
  if (!loan) throw new Error(`application ${applicationId} of a disbursal not found`);
  const [purchase] = await db
    .select({ merchantName: schema.purchases.merchantName, partner: schema.partners })
    .from(schema.purchases)
    .innerJoin(schema.partners, eq(schema.partners.id, schema.purchases.partnerId))
    .where(eq(schema.purchases.accountApplicationId, applicationId));
  if (purchase) {
    const account = partnerSettlementAccount(purchase.partner);
    if (!account) return { ok: false, reason: "the purchase's partner has no settlement account" };
    return { ok: true, payee: { kind: "merchant", borrowerName: loan.borrowerName, name: purchase.merchantName, partnerId: purchase.partner.id, ...account } };
  }
  const own = await borrowerBankAccount(db, loan.customerId);
  if (!own) return { ok: false, reason: "the borrower's profile has no bank account" };
  return { ok: true, payee: { kind: "borrower", borrowerName: loan.borrowerName, name: own.name, bankCode: own.bankCode, accountNumber: own.accountNumber, accountName: own.accountName } };
}
