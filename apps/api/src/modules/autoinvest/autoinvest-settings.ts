import type { AutoinvestRulesBody } from "@pinjaman/contracts/autoinvest";
import { schema, type Db } from "@pinjaman/db";
import { AUTOINVEST_DEFAULTS, type AutoinvestRules, type RiskGrade } from "@pinjaman/domain/autoinvest";
import { t } from "@pinjaman/i18n";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { FieldErrors } from "../../plugins/errors.ts";
import { ownInvestmentAccount } from "../ledger/lender-funds.ts";
import "@pinjaman/i18n/ns/autoinvest";

const { autoinvestSettings } = schema;

export type AutoinvestSetup = AutoinvestRulesBody & { updated_at: string | null };

const body = (rules: AutoinvestRules, updatedAt: Date | null): AutoinvestSetup => ({
  enabled: rules.enabled,
  amount_per_loan: rules.amountPerLoan,
  tenor_min_months: rules.tenorMinMonths,
  tenor_max_months: rules.tenorMaxMonths,
  risk_grades: [...rules.riskGrades],
  product_keys: [...rules.productKeys],
  max_per_borrower: rules.maxPerBorrower,
  reserve: rules.reserve,
  updated_at: updatedAt?.toISOString() ?? null,
});

/** A stored row as the domain's rules. */
export const rulesOf = (row: typeof autoinvestSettings.$inferSelect): AutoinvestRules => ({ ...row, riskGrades: row.riskGrades as RiskGrade[] });

/** The caller's investment account's autoinvest rules (the defaults until saved), or 404. */
export async function autoinvestSetup(db: Db, customerId: string, accountId: string): Promise<AutoinvestSetup> {
  await ownInvestmentAccount(db, customerId, accountId);
  const [row] = await db.select().from(autoinvestSettings).where(eq(autoinvestSettings.investmentAccountId, accountId));
  return row ? body(rulesOf(row), row.updatedAt) : body(AUTOINVEST_DEFAULTS, null);
}

/** The active products autoinvest rules may name, by key. */
export async function autoinvestProducts(db: Db): Promise<{ key: string; name: string }[]> {
  return db.select({ key: schema.products.key, name: schema.products.name }).from(schema.products).where(eq(schema.products.active, true)).orderBy(asc(schema.products.key));
}

/** Every product key named must be a product (422 on `product_keys` naming the unknown ones). */
async function checkProducts(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const known = new Set((await db.select({ key: schema.products.key }).from(schema.products).where(inArray(schema.products.key, [...keys]))).map((p) => p.key));
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0) throw new FieldErrors({ product_keys: unknown.map((key) => t("autoinvest.field.unknown_product", { key })) }, 422);
}

/** Replaces the caller's investment account's rules (the rotation position is kept). */
export async function saveAutoinvestSetup(db: Db, customerId: string, accountId: string, rules: AutoinvestRulesBody): Promise<AutoinvestSetup> {
  await ownInvestmentAccount(db, customerId, accountId);
  await checkProducts(db, rules.product_keys);
  const values = {
    enabled: rules.enabled,
    amountPerLoan: rules.amount_per_loan,
    tenorMinMonths: rules.tenor_min_months,
    tenorMaxMonths: rules.tenor_max_months,
    riskGrades: rules.risk_grades,
    productKeys: rules.product_keys,
    maxPerBorrower: rules.max_per_borrower,
    reserve: rules.reserve,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(autoinvestSettings)
    .values({ investmentAccountId: accountId, customerId, ...values })
    .onConflictDoUpdate({ target: autoinvestSettings.investmentAccountId, set: values })
    .returning();
  return body(rulesOf(row!), row!.updatedAt);
}
