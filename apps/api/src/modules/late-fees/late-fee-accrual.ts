import type { Db } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { lateFeeRateOn } from "@pinjaman/domain/late-fees";
import { sql } from "drizzle-orm";

type Rows<T> = { rows: T[] };

/** Invoices with their loan: only open invoices of active loan accounts accrue. */
const LOAN_INVOICES = sql`
  from invoices i
  join accounts acc on acc.id = i.account_id and acc.status = 'active'
  join account_applications a on a.id = i.account_application_id
  join products p on p.key = acc.product_key`;
const ACCRUING = sql`${LOAN_INVOICES} where i.status = 'open'`;

/**
 * The late-fee rate of every (loan type, term) in the book on `onDate`, from the domain rule
 * (`lateFeeRateOn`: the OJK cap for the type, tenor and day), so the SQL never restates the cap table.
 */
async function ratesOn(tx: Db, onDate: string): Promise<{ loan_type: string; term: number; rate: number }[]> {
  const { rows } = (await tx.execute(sql`select distinct p.loan_type, a.term ${ACCRUING} and i.due_on < ${onDate}::date`)) as unknown as Rows<{
    loan_type: "consumptive" | "productive";
    term: number;
  }>;
  return rows.map((r) => ({
    loan_type: r.loan_type,
    term: Number(r.term),
    rate: lateFeeRateOn({ loanType: r.loan_type, termMonths: Number(r.term), principal: 0, benefitTotal: 0 }, onDate),
  }));
}

/**
 * One late day for every loan at once (decision 0013's `accrueLateFees`, set-based): each open
 * invoice late on `day` and not yet accrued for it gets floor(unpaid principal + interest × rate
 * / 10^6), oldest invoice of the loan first, all of them cut to the room the total-cost ceiling
 * leaves: principal − (interest + fees) − late fees so far. A greedy cut in due order equals
 * least(daily, room − the days' fees of the older invoices), hence the running sum.
 * `late_fee_accrued_through` moves to `day` on every invoice it looked at (fee 0 too), and the
 * UPDATE re-checks it, so the day is never added twice.
 */
async function accrueDay(tx: Db, day: string): Promise<number> {
  const rates = await ratesOn(tx, day);
  if (rates.length === 0) return 0;
  const { rows } = (await tx.execute(sql`
    with rates as (
      select * from jsonb_to_recordset(${JSON.stringify(rates)}::jsonb) as r(loan_type text, term int, rate bigint)
    ),
    late as (
      select i.id, i.account_application_id, i.due_on, i.number, a.amount as principal, a.total_repayment - a.amount as benefit,
             (i.principal - i.paid_principal + i.interest - i.paid_interest) * r.rate / 1000000 as daily
      ${LOAN_INVOICES}
      join rates r on r.loan_type = p.loan_type and r.term = a.term
      where i.status = 'open' and i.due_on < ${day}::date and coalesce(i.late_fee_accrued_through, i.due_on) < ${day}::date
    ),
    so_far as (
      select account_application_id, sum(late_fee) as late_fees
      from invoices
      where account_application_id in (select account_application_id from late)
      group by account_application_id
    ),
    fees as (
      select l.id,
             least(l.daily, greatest(0,
               greatest(0, l.principal - l.benefit - s.late_fees)
               - coalesce(sum(l.daily) over (partition by l.account_application_id order by l.due_on, l.number
                                             rows between unbounded preceding and 1 preceding), 0))) as fee
      from late l join so_far s using (account_application_id)
    )
    update invoices set late_fee = invoices.late_fee + fees.fee, late_fee_accrued_through = ${day}::date
    from fees
    where invoices.id = fees.id and coalesce(invoices.late_fee_accrued_through, invoices.due_on) < ${day}::date
    returning fees.fee::text as fee`)) as unknown as Rows<{ fee: string }>;
  return rows.reduce((sum, r) => sum + Number(r.fee), 0);
}

export type AccrualResult = { days: string[]; lateFees: number };

/**
 * Accrues every late day up to and including `businessDate` that is not accrued yet: normally
 * the one day, after a clock jump or an outage each missed day in order (one set-based
 * statement per day; balances are today's, as no payment history by day is kept).
 */
export async function accrueLateFeesThrough(tx: Db, businessDate: string): Promise<AccrualResult> {
  const { rows } = (await tx.execute(
    sql`select min(coalesce(i.late_fee_accrued_through, i.due_on))::text as last ${ACCRUING} and i.due_on < ${businessDate}::date
        and coalesce(i.late_fee_accrued_through, i.due_on) < ${businessDate}::date`,
  )) as unknown as Rows<{ last: string | null }>;
  const last = rows[0]?.last;
  const days: string[] = [];
  let lateFees = 0;
  if (!last) return { days, lateFees };
  for (let day = addDays(last, 1); day <= businessDate; day = addDays(day, 1)) {
    lateFees += await accrueDay(tx, day);
    days.push(day);
  }
  return { days, lateFees };
}
