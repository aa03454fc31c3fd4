import type { Db } from "@pinjaman/db";
import { DPD_BUCKET_RANGES, DPD_BUCKETS, dpdBucket, type DpdBucket } from "@pinjaman/domain/collections";
import { timeZoneOfRegion } from "@pinjaman/domain/reminder-time-zone";
import { sql, type SQL } from "drizzle-orm";
import type { LateLoan } from "@pinjaman/contracts/collections";

/** Late loans a page of the collections list holds (as the review queue's). */
export const COLLECTIONS_PAGE_SIZE = 25;

export type LoanRow = {
  account_id: string;
  borrower_name: string;
  phone: string | null;
  region: string | null;
  days_past_due: number;
  overdue_amount: string;
  outstanding_principal: string;
  last_contact_at: string | null;
};

/**
 * Each loan's figures on `today` (one row per loan account matching `where`): days past due by the
 * TKB rule (the oldest open invoice with principal or interest unpaid), the overdue amount and the
 * principal still owed.
 */
function loanFigures(today: string, where: SQL): SQL {
  return sql`
    select acc.id as account_id, acc.customer_id,
           coalesce(max(${today}::date - i.due_on) filter (
             where i.status = 'open' and i.due_on < ${today}::date and i.principal - i.paid_principal + i.interest - i.paid_interest > 0), 0)::int as days_past_due,
           coalesce(sum(i.principal - i.paid_principal + i.interest - i.paid_interest + i.late_fee - i.paid_late_fee) filter (
             where i.status = 'open' and i.due_on < ${today}::date), 0)::text as overdue_amount,
           coalesce(sum(i.principal - i.paid_principal) filter (where i.status = 'open'), 0)::text as outstanding_principal
    from accounts acc
    join invoices i on i.account_id = acc.id
    where acc.type_key = 'loan' and ${where}
    group by acc.id`;
}

/** The days past due of a bucket, as SQL on `f.days_past_due`. */
function inBucket(bucket: DpdBucket): SQL {
  const { from, to } = DPD_BUCKET_RANGES[bucket];
  return to === null ? sql`f.days_past_due >= ${from}` : sql`f.days_past_due between ${from} and ${to}`;
}

/** One loan's row with its borrower, whether late or not; undefined when it is no loan. */
export async function loanRow(db: Db, today: string, accountId: string): Promise<LoanRow | undefined> {
  const [row] = await loanRowsWhere(db, today, sql`acc.id = ${accountId}`, sql`true`, sql``);
  return row;
}

async function loanRowsWhere(db: Db, today: string, loans: SQL, filter: SQL, page: SQL): Promise<LoanRow[]> {
  const { rows } = (await db.execute(sql`
    with f as (${loanFigures(today, loans)})
    select f.account_id, c.name as borrower_name, c.phone, cp.kyc ->> 'region' as region, f.days_past_due, f.overdue_amount, f.outstanding_principal,
           (select max(cc.contacted_at) from collection_contacts cc where cc.account_id = f.account_id)::text as last_contact_at
    from f
    join customers c on c.id = f.customer_id
    left join customer_profiles cp on cp.customer_id = c.id
    where ${filter}
    order by f.days_past_due desc, f.account_id
    ${page}`)) as unknown as { rows: LoanRow[] };
  return rows;
}

export function lateLoanOf(row: LoanRow): Omit<LateLoan, "bucket"> & { bucket: DpdBucket | null } {
  return {
    account_id: row.account_id,
    borrower_name: row.borrower_name,
    phone: row.phone,
    time_zone: timeZoneOfRegion(row.region),
    days_past_due: Number(row.days_past_due),
    bucket: dpdBucket(Number(row.days_past_due)),
    overdue_amount: Number(row.overdue_amount),
    outstanding_principal: Number(row.outstanding_principal),
    last_contact_at: row.last_contact_at ? new Date(row.last_contact_at).toISOString() : null,
  };
}

/** How many active loans are late in each bucket. */
async function bucketCounts(db: Db, today: string): Promise<Record<DpdBucket, number>> {
  const { rows } = (await db.execute(sql`
    with f as (${loanFigures(today, sql`acc.status = 'active'`)})
    select ${sql.join(
      DPD_BUCKETS.map((b) => sql`(count(*) filter (where ${inBucket(b)}))::int as ${sql.identifier(b)}`),
      sql`, `,
    )}
    from f`)) as unknown as { rows: Record<DpdBucket, number>[] };
  return Object.fromEntries(DPD_BUCKETS.map((b) => [b, Number(rows[0]?.[b] ?? 0)])) as Record<DpdBucket, number>;
}

/**
 * One page of the late active loans (1 day past due or more), of one bucket or all: most days past
 * due first, then by account id, so pages neither overlap nor skip while the book stands still.
 * With how many loans the bucket (or all) holds and the counts per bucket.
 */
export async function lateLoans(db: Db, today: string, bucket: DpdBucket | undefined, page: number): Promise<{ loans: LateLoan[]; total: number; counts: Record<DpdBucket, number> }> {
  const rows = await loanRowsWhere(
    db,
    today,
    sql`acc.status = 'active'`,
    bucket ? inBucket(bucket) : sql`f.days_past_due > 0`,
    sql`limit ${COLLECTIONS_PAGE_SIZE} offset ${(page - 1) * COLLECTIONS_PAGE_SIZE}`,
  );
  const counts = await bucketCounts(db, today);
  const total = bucket ? counts[bucket] : DPD_BUCKETS.reduce((sum, b) => sum + counts[b], 0);
  return { loans: rows.map(lateLoanOf).filter((l): l is LateLoan => l.bucket !== null), total, counts };
}
