import type { Db } from "@pinjaman/db";
import { COOLING_OFF_DAYS, disbursalSplit } from "@pinjaman/domain/disbursal";
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
    select id, amount from account_applications
    where status = 'waiting_for_deadline' and funded_on <= ${businessDate}::date - ${COOLING_OFF_DAYS}::int
    order by id
    for update`)) as unknown as { rows: { id: string; amount: string | number }[] };
  if (due.rows.length === 0) return [];
  for (const { id } of due.rows) await transitionApplication(tx, id, "start_disbursal", SYSTEM, "cooling-off period over");
  const rows = due.rows.map(({ id, amount }) => ({ id, ...disbursalSplit(Number(amount)) }));
  await tx.execute(sql`
    insert into disbursals (account_application_id, payout, upfront_fee, next_attempt_at)
    select d.id, d.payout, d.fee, ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(id uuid, payout bigint, fee bigint)
    on conflict (account_application_id) do nothing`);
  return due.rows.map((r) => r.id);
}
