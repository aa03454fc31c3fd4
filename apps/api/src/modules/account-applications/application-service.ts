import { and, desc, eq } from "drizzle-orm";
import type { AccountApplication } from "@pinjaman/contracts/accounts";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { searchConditions, type SearchFilter } from "../identity/search-filters.ts";

const SEARCHABLE = {
  status: { column: schema.accountApplications.status, ops: ["equals", "in"] as const },
  type_key: { column: schema.accountApplications.typeKey, ops: ["equals", "in"] as const },
};

/** The caller's applications across their loan accounts, newest first. */
export async function searchApplications(db: Db, customerId: string, filters: readonly SearchFilter[]): Promise<AccountApplication[]> {
  const rows = await db
    .select({ application: schema.accountApplications, productKey: schema.accounts.productKey, productName: schema.products.name })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .leftJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(and(eq(schema.accounts.customerId, customerId), ...searchConditions(filters, SEARCHABLE)))
    .orderBy(desc(schema.accountApplications.createdAt))
    .limit(100);
  return rows.map(({ application: a, productKey, productName }) => ({
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
  }));
}
