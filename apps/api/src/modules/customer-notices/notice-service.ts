import type { customerNotice } from "@pinjaman/contracts/identity";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { searchConditions, type SearchableFields, type SearchFilter } from "../identity/search-filters.ts";

export type CustomerNotice = z.infer<typeof customerNotice>;

const NOTICE_FIELDS: SearchableFields = {
  read_at: { column: schema.customerNotices.readAt, ops: ["empty", "present"] },
};

/** The customer's own notices matching the filters (read_at empty or present), newest first. */
export async function searchNotices(db: Db, customerId: string, filters: readonly SearchFilter[]): Promise<CustomerNotice[]> {
  const conditions = searchConditions(filters, NOTICE_FIELDS);
  const rows = await db
    .select()
    .from(schema.customerNotices)
    .where(and(eq(schema.customerNotices.customerId, customerId), ...conditions))
    .orderBy(desc(schema.customerNotices.createdAt), desc(schema.customerNotices.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }));
}
