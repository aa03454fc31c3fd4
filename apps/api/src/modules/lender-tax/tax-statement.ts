import type { TaxStatement } from "@pinjaman/contracts/lender-tax";
import { schema, type Db } from "@pinjaman/db";
import { withholdingTaxRatePpm } from "@pinjaman/domain/lender-split";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ownInvestmentAccount } from "../ledger/lender-funds.ts";

type Parts = Omit<TaxStatement["months"][number], "month">;
const ZERO: Parts = { gross_interest: 0, platform_fee: 0, tax_withheld: 0, insurance_premium: 0, net_interest: 0 };

/**
 * The caller's investment account's interest and tax withheld per month of `year`, from the
 * per-investment records written beside each payment's ledger batch (investment_repayments; the
 * property test reconciles them with the ledger). 404 for anyone else's account.
 */
export async function taxStatementOf(db: Db, customerId: string, accountId: string, year: number): Promise<TaxStatement> {
  await ownInvestmentAccount(db, customerId, accountId);
  const r = schema.investmentRepayments;
  const month = sql<string>`to_char(${r.businessDate}, 'YYYY-MM')`;
  const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  const rows = await db
    .select({ month, gross: total(r.interest), fee: total(r.platformFee), tax: total(r.tax), premium: total(r.insurancePremium) })
    .from(r)
    .innerJoin(schema.investments, eq(schema.investments.id, r.investmentId))
    .where(and(eq(schema.investments.investmentAccountId, accountId), gte(r.businessDate, `${year}-01-01`), lte(r.businessDate, `${year}-12-31`)))
    .groupBy(month);
  const [profile] = await db
    .select({ residency: schema.lenderProfiles.taxResidency, npwp: schema.lenderProfiles.npwp })
    .from(schema.lenderProfiles)
    .where(eq(schema.lenderProfiles.customerId, customerId));
  const residency = profile?.residency ?? "resident";
  const months = Array.from({ length: 12 }, (_, k) => {
    const key = `${year}-${String(k + 1).padStart(2, "0")}`;
    const row = rows.find((x) => x.month === key);
    const parts = row
      ? { gross_interest: row.gross, platform_fee: row.fee, tax_withheld: row.tax, insurance_premium: row.premium, net_interest: row.gross - row.fee - row.tax - row.premium }
      : ZERO;
    return { month: key, ...parts };
  });
  const totals = months.reduce(
    (s, m) => ({
      gross_interest: s.gross_interest + m.gross_interest,
      platform_fee: s.platform_fee + m.platform_fee,
      tax_withheld: s.tax_withheld + m.tax_withheld,
      insurance_premium: s.insurance_premium + m.insurance_premium,
      net_interest: s.net_interest + m.net_interest,
    }),
    ZERO,
  );
  return {
    account_id: accountId,
    year,
    tax_residency: residency,
    tax_article: residency === "resident" ? "pph23" : "pph26",
    rate_ppm: withholdingTaxRatePpm(residency),
    npwp: profile?.npwp ?? null,
    months,
    totals,
  };
}
