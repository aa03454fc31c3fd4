import type { Db } from "@pinjaman/db";
import { COOLING_OFF_DAYS, disbursalSplit, UPFRONT_FEE_PPM } from "@pinjaman/domain/disbursal";
import { sql } from "drizzle-orm";
import { SYSTEM, transitionApplication } from "../account-applications/status-transitions.ts";

/**
 * The cooling-off deadline (decision 0015): every fully funded application (waiting_for_deadline)
 * funded COOLING_OFF_DAYS or more business days before `businessDate` moves `start_disbursal` →
 * in_disbursement (actor system), and its disbursal is created pending, due at `at`. One statement
 * selects and locks them (`FOR UPDATE`: a borrower's cancellation in flight finishes first and the
 * application then no longer matches); one statement creates the disbursals. Answers the ids moved.
 */
export async function startDueDisbursals(tx: Db, businessDate: string, at: Date): Promise<string[]> {
  const due = (await tx.execute(sql`
    select a.id, a.amount,
      -- The upfront fee of the price list the application was priced with (decision "products, pricing and settings").
      coalesce((select p.upfront_fee_ppm from product_pricing p
                where p.product_key = acc.product_key and p.effective_from <= a.created_at
                order by p.effective_from desc, p.version desc limit 1), ${UPFRONT_FEE_PPM}::int) as fee_ppm
    from account_applications a join accounts acc on acc.id = a.account_id
    where a.status = 'waiting_for_deadline' and a.funded_on <= ${businessDate}::date - ${COOLING_OFF_DAYS}::int
    order by a.id
    for update of a`)) as unknown as { rows: { id: string; amount: string | number; fee_ppm: number }[] };
  if (due.rows.length === 0) return [];
  for (const { id } of due.rows) await transitionApplication(tx, id, "start_disbursal", SYSTEM, "cooling-off period over");
  const rows = due.rows.map(({ id, amount, fee_ppm }) => ({ id, ...disbursalSplit(Number(amount), Number(fee_ppm)) }));
  await tx.execute(sql`
    insert into disbursals (account_application_id, payout, upfront_fee, next_attempt_at)
    select d.id, d.payout, d.fee, ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(id uuid, payout bigint, fee bigint)
    on conflict (account_application_id) do nothing`);
  return due.rows.map((r) => r.id);
}
