import type { Account } from "@pinjaman/contracts/accounts";
import { schema, type Db } from "@pinjaman/db";
import { and, desc, eq } from "drizzle-orm";
import { searchConditions, type SearchFilter } from "../identity/search-filters.ts";

const SEARCHABLE = {
  type_key: { column: schema.accounts.typeKey, ops: ["equals", "in"] as const },
  status: { column: schema.accounts.status, ops: ["equals", "in"] as const },
  product_key: { column: schema.accounts.productKey, ops: ["equals", "in", "empty", "present"] as const },
  activated_on: { column: schema.accounts.activatedOn, ops: ["empty", "present"] as const },
  closed_on: { column: schema.accounts.closedOn, ops: ["empty", "present"] as const },
};

/** The caller's loan and investment accounts matching the filters, newest first (at most 100). */
export async function searchAccounts(db: Db, customerId: string, filters: readonly SearchFilter[]): Promise<Account[]> {
  const rows = await db
    .select()
    .from(schema.accounts)
    .where(and(eq(schema.accounts.customerId, customerId), ...searchConditions(filters, SEARCHABLE)))
    .orderBy(desc(schema.accounts.createdAt), desc(schema.accounts.id))
    .limit(100);
  return rows.map(accountView);
}

/** An account as its owner reads it. */
export function accountView(a: typeof schema.accounts.$inferSelect): Account {
  return {
    id: a.id,
    type_key: a.typeKey,
    product_key: a.productKey,
    status: a.status,
    principal_balance: a.principalBalance,
    payment_channel: a.paymentChannel,
    activated_on: a.activatedOn,
    closed_on: a.closedOn,
    created_at: a.createdAt.toISOString(),
  };
}
