import type { InvestmentApplication, investmentApplicationsSearchQuery } from "@pinjaman/contracts/investments";
import { platformSettings } from "../settings/company-settings.ts";
import { schema, type Db } from "@pinjaman/db";
import { fundingDeadline, remainingAmount } from "@pinjaman/domain/funding";
import { t } from "@pinjaman/i18n";
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { Refusal } from "../../plugins/errors.ts";
import { searchConditions, searchPage, type SearchFilter } from "../identity/search-filters.ts";
import { borrowerFactsOf, borrowerHistory } from "./borrower-history.ts";
import { UUID } from "./investment-service.ts";
import { openToInvestment } from "./lender-visibility.ts";
import "@pinjaman/i18n/ns/account";

export const INVESTMENT_APPLICATIONS_PER_PAGE = 20;

const { accountApplications: applications, accounts, products } = schema;

const SEARCHABLE = {
  risk_grade: { column: applications.riskGrade, ops: ["equals", "in"] as const },
  product_key: { column: accounts.productKey, ops: ["equals", "in"] as const },
};

/** What pending and settled investments hold of each application (the database's one definition, migration 0014). */
const funded = sql<string>`application_funded_amount(${applications.id})`;

type SearchQuery = z.infer<typeof investmentApplicationsSearchQuery>;

const ORDER: Record<SearchQuery["sort"], SQL[]> = {
  newest: [desc(applications.approvedOn), desc(applications.createdAt)],
  deadline: [asc(applications.approvedOn), asc(applications.createdAt)],
  rate: [desc(applications.dailyRatePpm), asc(applications.approvedOn)],
  remaining: [sql`${applications.amount} - ${funded}`, asc(applications.approvedOn)],
};

/** Applications joined with their product, funding and borrower facts. */
function applicationsWithFacts(db: Db, where: SQL | undefined) {
  return db
    .select({ application: applications, productKey: accounts.productKey, productName: products.name, purpose: products.loanType, borrowerId: accounts.customerId, funded, ...borrowerHistory(accounts.customerId) })
    .from(applications)
    .innerJoin(accounts, eq(accounts.id, applications.accountId))
    .leftJoin(products, eq(products.key, accounts.productKey))
    .where(where);
}

type Row = Awaited<ReturnType<typeof applicationsWithFacts>>[number];

function applicationOf(row: Row, periodDays: number): InvestmentApplication {
  const { application: a } = row;
  const held = Number(row.funded);
  return {
    id: a.id,
    product_key: row.productKey,
    amount: a.amount,
    term: a.term,
    daily_rate_ppm: a.dailyRatePpm,
    risk_grade: a.riskGrade,
    submitted_on: a.submittedOn,
    funded: held,
    remaining: remainingAmount(a.amount, held),
    product_name: row.productName,
    purpose: row.purpose,
    approved_on: a.approvedOn,
    funding_deadline: a.approvedOn ? fundingDeadline(a.approvedOn, periodDays) : null,
    borrower: borrowerFactsOf(row.borrowerId, row),
  };
}

/**
 * The applications lenders can invest in (waiting for investment), a page of
 * INVESTMENT_APPLICATIONS_PER_PAGE: filtered by risk grade or product (body filters) and by tenor
 * and amount ranges (query), sorted by `sort`. Terms, funding and what lenders may know of the
 * borrower: nothing that names them.
 */
export async function searchInvestmentApplications(db: Db, filters: readonly SearchFilter[], query: SearchQuery) {
  const ranges = [
    query.term_min !== undefined ? gte(applications.term, query.term_min) : undefined,
    query.term_max !== undefined ? lte(applications.term, query.term_max) : undefined,
    query.amount_min !== undefined ? gte(applications.amount, query.amount_min) : undefined,
    query.amount_max !== undefined ? lte(applications.amount, query.amount_max) : undefined,
  ];
  const where = and(openToInvestment, ...searchConditions(filters, SEARCHABLE), ...ranges);
  // The page's ids first (the open applications' index serves the date orders), then the facts of those rows only.
  const order = [...ORDER[query.sort], asc(applications.id)];
  const { rows, meta } = await searchPage(
    query.page,
    INVESTMENT_APPLICATIONS_PER_PAGE,
    (limit, offset) => {
      const page = db.select({ id: applications.id }).from(applications).innerJoin(accounts, eq(accounts.id, applications.accountId)).where(where).orderBy(...order).limit(limit).offset(offset);
      return applicationsWithFacts(db, inArray(applications.id, page)).orderBy(...order);
    },
    () => {
      // The loan account is joined only to filter by product: counting through it reads every account.
      const counted = db.select({ n: count() }).from(applications).$dynamic();
      return (filters.some((f) => f.field === "product_key") ? counted.innerJoin(accounts, eq(accounts.id, applications.accountId)) : counted).where(where);
    },
  );
  const { funding_period_days: periodDays } = await platformSettings(db);
  return { data: rows.map((row) => applicationOf(row, periodDays)), meta };
}

/** One application open to investment with the same facts, or 404 (unknown, or not waiting for investment). */
export async function openInvestmentApplication(db: Db, applicationId: string): Promise<InvestmentApplication> {
  const [row] = UUID.test(applicationId) ? await applicationsWithFacts(db, and(openToInvestment, eq(applications.id, applicationId))).limit(1) : [];
  if (!row) throw new Refusal(404, "account_application_not_found", t("account.investment.application_not_found"));
  return applicationOf(row, (await platformSettings(db)).funding_period_days);
}
