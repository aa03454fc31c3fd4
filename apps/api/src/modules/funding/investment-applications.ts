import type { InvestmentApplication } from "@pinjaman/contracts/investments";
import { schema, type Db } from "@pinjaman/db";
import { remainingAmount } from "@pinjaman/domain/funding";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { searchConditions, searchPage, type SearchFilter } from "../identity/search-filters.ts";

export const INVESTMENT_APPLICATIONS_PER_PAGE = 20;

const SEARCHABLE = {
  risk_grade: { column: schema.accountApplications.riskGrade, ops: ["equals", "in"] as const },
  product_key: { column: schema.accounts.productKey, ops: ["equals", "in"] as const },
};

/** What pending and settled investments hold of each application (the database's one definition, migration 0014). */
const funded = sql<string>`application_funded_amount(${schema.accountApplications.id})`;

/**
 * The applications lenders can invest in (waiting for investment), oldest approval first, a page
 * of INVESTMENT_APPLICATIONS_PER_PAGE, filtered by risk grade or product. Only terms and funding:
 * nothing that names the borrower.
 */
export async function searchInvestmentApplications(db: Db, filters: readonly SearchFilter[], page: number) {
  const where = and(eq(schema.accountApplications.status, "waiting_for_investment"), ...searchConditions(filters, SEARCHABLE));
  const { rows, meta } = await searchPage(
    page,
    INVESTMENT_APPLICATIONS_PER_PAGE,
    (limit, offset) =>
      db
        .select({ application: schema.accountApplications, productKey: schema.accounts.productKey, funded })
        .from(schema.accountApplications)
        .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
        .where(where)
        .orderBy(asc(schema.accountApplications.submittedOn), asc(schema.accountApplications.createdAt), asc(schema.accountApplications.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(schema.accountApplications).innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId)).where(where),
  );
  const data: InvestmentApplication[] = rows.map(({ application: a, productKey, funded: held }) => ({
    id: a.id,
    product_key: productKey,
    amount: a.amount,
    term: a.term,
    daily_rate_ppm: a.dailyRatePpm,
    risk_grade: a.riskGrade,
    submitted_on: a.submittedOn,
    funded: Number(held),
    remaining: remainingAmount(a.amount, Number(held)),
  }));
  return { data, meta };
}
