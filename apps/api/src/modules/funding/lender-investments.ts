import type { InvestmentDetail, InvestmentShare } from "@pinjaman/contracts/investment-reads";
import { schema, type Db } from "@pinjaman/db";
import { splitAmongLenders } from "@pinjaman/domain/lender-split";
import { investmentStatusLabel } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { Refusal } from "../../plugins/errors.ts";
import { searchConditions, searchPage, type SearchFilter } from "../identity/search-filters.ts";
import { UUID } from "./investment-service.ts";
import "@pinjaman/i18n/ns/account";

export const INVESTMENTS_PER_PAGE = 20;

const { investments, accountApplications: applications, accounts, products, investmentRepayments: repayments, invoices } = schema;

const SEARCHABLE = {
  status: { column: investments.status, ops: ["equals", "in"] as const },
};

/** Sums of investment_repayments per investment; `net` is what reached the lender's funds. */
const received = {
  principal: sql<string>`coalesce(sum(${repayments.principal}), 0)`,
  interest: sql<string>`coalesce(sum(${repayments.interest}), 0)`,
  platformFee: sql<string>`coalesce(sum(${repayments.platformFee}), 0)`,
  tax: sql<string>`coalesce(sum(${repayments.tax}), 0)`,
  insurancePremium: sql<string>`coalesce(sum(${repayments.insurancePremium}), 0)`,
  lateFee: sql<string>`coalesce(sum(${repayments.lateFee}), 0)`,
};
type Received = { [K in keyof typeof received]: string | number };

function receivedOf(r: Received | undefined) {
  const n = (v: string | number | undefined) => Number(v ?? 0);
  const [principal, interest, platform_fee, tax, insurance_premium, late_fee] = [
    r?.principal,
    r?.interest,
    r?.platformFee,
    r?.tax,
    r?.insurancePremium,
    r?.lateFee,
  ].map(n) as [number, number, number, number, number, number];
  return {
    principal,
    interest,
    platform_fee,
    tax,
    insurance_premium,
    late_fee,
    net: principal + late_fee + interest - platform_fee - tax - insurance_premium,
  };
}

function sharesOf(db: Db, where: SQL | undefined) {
  return db
    .select({
      investment: investments,
      application: applications,
      productKey: accounts.productKey,
      productName: products.name,
    })
    .from(investments)
    .innerJoin(applications, eq(applications.id, investments.accountApplicationId))
    .innerJoin(accounts, eq(accounts.id, applications.accountId))
    .leftJoin(products, eq(products.key, accounts.productKey))
    .where(where);
}
type ShareRow = Awaited<ReturnType<typeof sharesOf>>[number];

function shareOf(row: ShareRow, sums: Received | undefined): InvestmentShare {
  const { investment: i, application: a } = row;
  const got = receivedOf(sums);
  return {
    id: i.id,
    account_application_id: a.id,
    amount: i.amount,
    status: i.status,
    status_label: investmentStatusLabel(i.status),
    created_at: i.createdAt.toISOString(),
    terms: {
      product_key: row.productKey,
      product_name: row.productName,
      amount: a.amount,
      term: a.term,
      daily_rate_ppm: a.dailyRatePpm,
      risk_grade: a.riskGrade,
      effective_on: a.effectiveOn,
      maturity_on: a.maturityOn,
    },
    received: got,
    outstanding_principal: i.status === "settled" ? Math.max(0, i.amount - got.principal) : 0,
  };
}

async function receivedBy(db: Db, ids: string[]): Promise<Map<string, Received>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: repayments.investmentId, ...received })
    .from(repayments)
    .where(inArray(repayments.investmentId, ids))
    .groupBy(repayments.investmentId);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The investment account's investments, newest first, a page of INVESTMENTS_PER_PAGE, filtered by status. */
export async function searchInvestments(db: Db, accountId: string, filters: readonly SearchFilter[], page: number) {
  const where = and(eq(investments.investmentAccountId, accountId), ...searchConditions(filters, SEARCHABLE));
  const { rows, meta } = await searchPage(
    page,
    INVESTMENTS_PER_PAGE,
    (limit, offset) => sharesOf(db, where).orderBy(desc(investments.createdAt), desc(investments.id)).limit(limit).offset(offset),
    () => db.select({ n: count() }).from(investments).where(where),
  );
  const sums = await receivedBy(
    db,
    rows.map((r) => r.investment.id),
  );
  return {
    data: rows.map((row) => shareOf(row, sums.get(row.investment.id))),
    meta,
  };
}

/**
 * One investment of the account with its schedule (each of the loan's invoices split among the
 * settled shares as repayments are, decision 0013) and the payments it received; 404 when it is
 * not this account's.
 */
export async function investmentDetail(db: Db, accountId: string, investmentId: string): Promise<InvestmentDetail> {
  const [row] = UUID.test(investmentId)
    ? await sharesOf(db, and(eq(investments.id, investmentId), eq(investments.investmentAccountId, accountId))).limit(1)
    : [];
  if (!row) throw new Refusal(404, "investment_not_found", t("account.investment.not_found"));
  const applicationId = row.application.id;
  const [sums, paid, bills, shares, [insurance], [claim]] = await Promise.all([
    receivedBy(db, [investmentId]),
    db.select().from(repayments).where(eq(repayments.investmentId, investmentId)).orderBy(asc(repayments.businessDate), asc(repayments.createdAt)),
    db.select().from(invoices).where(eq(invoices.accountApplicationId, applicationId)).orderBy(asc(invoices.number)),
    db
      .select({ investmentId: investments.id, amount: investments.amount })
      .from(investments)
      .where(and(eq(investments.accountApplicationId, applicationId), inArray(investments.status, ["settled", "closed"]))),
    db.select({ insured: investments.insured }).from(investments).where(eq(investments.id, investmentId)),
    db.select().from(schema.insuranceClaims).where(eq(schema.insuranceClaims.investmentId, investmentId)),
  ]);
  const mine = (amount: number) => splitAmongLenders(amount, shares).find((p) => p.investmentId === investmentId)!.amount;
  const schedule = shares.some((s) => s.investmentId === investmentId)
    ? bills.map((b) => {
        const principal = mine(b.principal);
        const interest = mine(b.interest);
        return {
          number: b.number,
          due_on: b.dueOn,
          principal,
          interest,
          total: principal + interest,
          status: b.status,
          paid_on: b.paidOn,
        };
      })
    : [];
  return {
    ...shareOf(row, sums.get(investmentId)),
    schedule,
    repayments: paid.map((r) => ({
      business_date: r.businessDate,
      ...receivedOf({
        principal: r.principal,
        interest: r.interest,
        platformFee: r.platformFee,
        tax: r.tax,
        insurancePremium: r.insurancePremium,
        lateFee: r.lateFee,
      }),
    })),
    insured: insurance?.insured ?? false,
    insurance_claim: claim
      ? { business_date: claim.businessDate, outstanding_principal: claim.outstandingPrincipal, amount: claim.amount, insurer_reference: claim.insurerReference }
      : null,
  };
}
