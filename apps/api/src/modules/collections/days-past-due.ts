import type { Db } from "@pinjaman/db";
import { sql } from "drizzle-orm";

/**
 * Days past due of a loan on `today`: how long ago its oldest invoice with principal or interest
 * unpaid fell due (the TKB rule of decision 0017); 0 when nothing is late.
 */
export async function daysPastDue(db: Db, accountId: string, today: string): Promise<number> {
  const { rows } = (await db.execute(sql`
    select coalesce(max(${today}::date - i.due_on), 0)::int as days
    from invoices i
    where i.account_id = ${accountId} and i.status = 'open' and i.due_on < ${today}::date
      and i.principal - i.paid_principal + i.interest - i.paid_interest > 0`)) as unknown as { rows: { days: number }[] };
  return Number(rows[0]?.days ?? 0);
}
