import { and, asc, desc, eq } from "drizzle-orm";
import type { AccountApplication } from "@pinjaman/contracts/accounts";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { DECISION_RULES } from "@pinjaman/domain/decision/rules";
import { t } from "@pinjaman/i18n";
import { searchConditions, type SearchFilter } from "../identity/search-filters.ts";
import "@pinjaman/i18n/ns/status";

const SEARCHABLE = {
  status: { column: schema.accountApplications.status, ops: ["equals", "in"] as const },
  type_key: { column: schema.accountApplications.typeKey, ops: ["equals", "in"] as const },
};

/** The borrower's reason for a rejection (status.rejection.*); an unknown key reads as an operator's. */
export function rejectionText(reason: string | null): string {
  return t(`status.rejection.${DECISION_RULES.some((rule) => rule.key === reason) ? reason : "operator"}`);
}

type ApplicationRow = { application: typeof schema.accountApplications.$inferSelect; productKey: string | null; productName: string | null };

/** An application as its pages and the operator read it. */
function applicationView({ application: a, productKey, productName }: ApplicationRow): AccountApplication {
  return {
    id: a.id,
    account_id: a.accountId,
    product_key: productKey,
    product_name: productName,
    type_key: a.typeKey,
    status: a.status,
    amount: a.amount,
    term: a.term,
    daily_rate_ppm: a.dailyRatePpm,
    total_repayment: a.totalRepayment,
    submitted_on: a.submittedOn,
    effective_on: a.effectiveOn,
    maturity_on: a.maturityOn,
    risk_grade: a.riskGrade,
    rejection_reason: a.status === "rejected" ? rejectionText(a.rejectionReason) : null,
  };
}

const selection = { application: schema.accountApplications, productKey: schema.accounts.productKey, productName: schema.products.name };

/** One application by id, whoever owns it (operators); null when there is none. */
export async function findApplication(db: Db, id: string): Promise<AccountApplication | null> {
  const [row] = await db
    .select(selection)
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .leftJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(eq(schema.accountApplications.id, id));
  return row ? applicationView(row) : null;
}

/** The caller's applications across their loan accounts, newest first. */
export async function searchApplications(db: Db, customerId: string, filters: readonly SearchFilter[]): Promise<AccountApplication[]> {
  const rows = await db
    .select(selection)
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .leftJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(and(eq(schema.accounts.customerId, customerId), ...searchConditions(filters, SEARCHABLE)))
    .orderBy(desc(schema.accountApplications.createdAt))
    .limit(100);
  return rows.map(applicationView);
}

/** One account's applications, oldest first (whoever owns it: the caller checked the account). */
export async function applicationsOfAccount(db: Db, accountId: string): Promise<AccountApplication[]> {
  const rows = await db
    .select(selection)
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .leftJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(eq(schema.accountApplications.accountId, accountId))
    .orderBy(asc(schema.accountApplications.createdAt), asc(schema.accountApplications.id));
  return rows.map(applicationView);
}
