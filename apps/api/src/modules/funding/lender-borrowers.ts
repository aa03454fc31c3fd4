import type { LenderBorrower } from "@pinjaman/contracts/investment-reads";
import { schema, type Db } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, asc, eq, sql } from "drizzle-orm";
import { Refusal } from "../../plugins/errors.ts";
import { borrowerFactsOf, borrowerHistory } from "./borrower-history.ts";
import { UUID } from "./investment-service.ts";
import { visibleToLender } from "./lender-visibility.ts";
import "@pinjaman/i18n/ns/account";

const { accountApplications: applications, accounts, products } = schema;

/**
 * A borrower as the lender of investment account `accountId` may see them: only a borrower with
 * an application open to investment or holding one of this account's investments (else 404, as
 * for an unknown id), with those applications, their region and their history with us.
 */
export async function lenderBorrower(db: Db, accountId: string, customerId: string): Promise<LenderBorrower> {
  const visible = UUID.test(customerId)
    ? await db
        .select({
          application: applications,
          productName: products.name,
          open: sql<boolean>`${applications.status} = 'waiting_for_investment'`,
        })
        .from(applications)
        .innerJoin(accounts, eq(accounts.id, applications.accountId))
        .leftJoin(products, eq(products.key, accounts.productKey))
        .where(and(eq(accounts.customerId, customerId), eq(accounts.typeKey, "loan"), visibleToLender(db, accountId)))
        .orderBy(asc(applications.createdAt), asc(applications.id))
    : [];
  if (visible.length === 0) throw new Refusal(404, "borrower_not_found", t("account.investment.borrower_not_found"));
  const { region, city, earlierLoans, activeLoans, paidOnTime, paidLate } = borrowerHistory(sql`${customerId}::uuid`);
  const [facts] = await db.select({ region, city, earlierLoans, activeLoans, paidOnTime, paidLate }).from(sql`(select 1) as one`);
  return {
    ...borrowerFactsOf(customerId, facts!),
    active_loans: Number(facts!.activeLoans),
    applications: visible.map(({ application: a, productName, open: isOpen }) => ({
      id: a.id,
      product_name: productName,
      amount: a.amount,
      term: a.term,
      daily_rate_ppm: a.dailyRatePpm,
      risk_grade: a.riskGrade,
      status: a.status,
      open_to_investment: isOpen,
    })),
  };
}
