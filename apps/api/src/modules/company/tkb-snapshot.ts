import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { tkbFigures } from "@pinjaman/domain/tkb";
import { sql } from "drizzle-orm";

export type TkbSnapshot = typeof schema.tkbSnapshots.$inferSelect;

type BookRow = { outstanding: string; over_0: string; over_30: string; over_60: string; over_90: string };

/**
 * The book's TKB figures on `businessDate` (decision 0017), one aggregate over the invoices of the
 * active loans: a loan's outstanding principal is its invoices' unpaid principal; it is x days
 * past due when its oldest invoice with principal or interest unpaid fell due x days before.
 * Stored as a `book` snapshot (the history); nothing is stored, and null returned, when nothing
 * is outstanding (TWP is undefined then: the latest figures stay).
 */
export async function takeTkbSnapshot(tx: Db, businessDate: string): Promise<TkbSnapshot | null> {
  const { rows } = (await tx.execute(sql`
    with loans as (
      select i.account_application_id,
             sum(i.principal - i.paid_principal) as outstanding,
             coalesce(max(${businessDate}::date - i.due_on) filter (
               where i.status = 'open' and i.due_on < ${businessDate}::date and i.principal - i.paid_principal + i.interest - i.paid_interest > 0), 0) as days_past_due
      from invoices i
      join accounts acc on acc.id = i.account_id and acc.status = 'active'
      group by i.account_application_id
    )
    select coalesce(sum(outstanding), 0)::text as outstanding,
           coalesce(sum(outstanding) filter (where days_past_due > 0), 0)::text as over_0,
           coalesce(sum(outstanding) filter (where days_past_due > 30), 0)::text as over_30,
           coalesce(sum(outstanding) filter (where days_past_due > 60), 0)::text as over_60,
           coalesce(sum(outstanding) filter (where days_past_due > 90), 0)::text as over_90
    from loans`)) as unknown as { rows: BookRow[] };
  const book = rows[0]!;
  const outstanding = Number(book.outstanding);
  const entries = tkbFigures(outstanding, { 0: Number(book.over_0), 30: Number(book.over_30), 60: Number(book.over_60), 90: Number(book.over_90) });
  if (!entries) return null;
  const [snapshot] = await tx.insert(schema.tkbSnapshots).values({ entries, source: "book", asOf: businessDate, outstandingPrincipal: outstanding }).returning();
  return snapshot!;
}
