import type { InvestmentStatistics } from "@pinjaman/contracts/investment-reads";
import type { Db } from "@pinjaman/db";
import { addMonths } from "@pinjaman/domain/dates";
import { pastDueBuckets, tkbFigures } from "@pinjaman/domain/tkb";
import { xirrPpm, type CashFlow } from "@pinjaman/domain/xirr";
import { sql } from "drizzle-orm";

type Totals = Record<"investments" | "invested" | "pending" | "outstanding" | "expected" | "over_0" | "over_30" | "over_60" | "over_90", number | null>;
type Received = Record<"principal" | "interest" | "platform_fee" | "tax" | "premium" | "late_fee", number | null>;
type Day = { day: string; invested: number; principal: number; net_interest: number; late_fee: number };

/**
 * The statistics in one statement, driven by the account's own rows through their indexes
 * (investments_account_created, then per share its application's primary key,
 * investment_repayments_investment and invoices_application_number), so its cost follows the
 * lender's book and not the platform's: the `lateral … offset 0` subqueries keep PostgreSQL from
 * turning them into hash joins over whole tables. Per share: its funding date (the loan's
 * effective date; the investment's own date while pending), what it received and, settled, its
 * outstanding principal, the interest still scheduled pro rata and its loan's days past due
 * (TKB's definition, decision 0017). Answers the totals, what was received and the cash flows per day as JSON.
 */
const statisticsQuery = (accountId: string, businessDate: string) => sql`
  with inv as materialized (
    select i.id, i.amount, i.status, i.account_application_id, a.application_amount,
           coalesce(a.effective_on, (i.created_at at time zone 'Asia/Jakarta')::date) as funded_on
    from investments i
    cross join lateral (select a.amount as application_amount, a.effective_on from account_applications a where a.id = i.account_application_id offset 0) a
    where i.investment_account_id = ${accountId}::uuid
  ),
  paid as materialized (
    select inv.id as investment_id, r.business_date, r.principal, r.interest, r.platform_fee, r.tax, r.insurance_premium, r.late_fee
    from inv cross join lateral (
      select r.business_date, r.principal, r.interest, r.platform_fee, r.tax, r.insurance_premium, r.late_fee
      from investment_repayments r where r.investment_id = inv.id offset 0) r
  ),
  received as (select investment_id, sum(principal) as principal from paid group by investment_id),
  loans as (
    select inv.id as investment_id, l.unpaid_interest, l.days_past_due
    from inv cross join lateral (
      select sum(iv.interest - iv.paid_interest) as unpaid_interest,
             coalesce(max(${businessDate}::date - iv.due_on) filter (
               where iv.status = 'open' and iv.due_on < ${businessDate}::date and iv.principal - iv.paid_principal + iv.interest - iv.paid_interest > 0), 0) as days_past_due
      from invoices iv where iv.account_application_id = inv.account_application_id) l
    where inv.status = 'settled'
  ),
  share as (
    select inv.amount, inv.status,
           case when inv.status = 'settled' then greatest(inv.amount - coalesce(received.principal, 0), 0) else 0 end as outstanding,
           case when inv.status = 'settled' then floor(coalesce(loans.unpaid_interest, 0) * inv.amount / inv.application_amount) else 0 end as expected,
           coalesce(loans.days_past_due, 0) as days_past_due
    from inv left join received on received.investment_id = inv.id left join loans on loans.investment_id = inv.id
  ),
  days as (
    select day::text as day, sum(invested) as invested, sum(principal) as principal, sum(net_interest) as net_interest, sum(late_fee) as late_fee
    from (
      select funded_on as day, amount as invested, 0 as principal, 0 as net_interest, 0 as late_fee from inv where status in ('settled', 'closed')
      union all
      select business_date, 0, principal, interest - platform_fee - tax - insurance_premium, late_fee from paid
    ) flows
    group by day
  )
  select
    (select row_to_json(t) from (
       select count(*) as investments,
              sum(amount) filter (where status in ('settled', 'closed')) as invested,
              sum(amount) filter (where status = 'pending') as pending,
              sum(outstanding) as outstanding, sum(expected) as expected,
              sum(outstanding) filter (where days_past_due > 0) as over_0,
              sum(outstanding) filter (where days_past_due > 30) as over_30,
              sum(outstanding) filter (where days_past_due > 60) as over_60,
              sum(outstanding) filter (where days_past_due > 90) as over_90
       from share) t) as totals,
    (select row_to_json(p) from (
       select sum(principal) as principal, sum(interest) as interest, sum(platform_fee) as platform_fee,
              sum(tax) as tax, sum(insurance_premium) as premium, sum(late_fee) as late_fee
       from paid) p) as received,
    (select coalesce(json_agg(d order by d.day), '[]'::json) from days d) as days`;

/**
 * The investment account's statistics on `businessDate` (issue 9 §3, decision 0025), in one
 * statement however many investments it holds (JIT off: compiling costs more than this query
 * runs). The return is the XIRR of the real cash flows: each settled share out on its funding
 * date, each payment in net of platform fee, tax and premium, and the outstanding principal as a
 * terminal value today (valued at par, late loans included, so it flatters a book with defaults
 * until they are written off).
 */
export async function lenderStatistics(db: Db, accountId: string, businessDate: string): Promise<InvestmentStatistics> {
  const { rows } = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute(statisticsQuery(accountId, businessDate))) as unknown as { rows: { totals: Totals; received: Received; days: Day[] }[] };
  });
  const { totals, received, days } = rows[0]!;
  const n = Object.fromEntries(Object.entries({ ...totals, ...received }).map(([k, v]) => [k, Number(v ?? 0)])) as Record<keyof Totals | keyof Received, number>;
  const pastDue = { 0: n.over_0, 30: n.over_30, 60: n.over_60, 90: n.over_90 };
  const flows: CashFlow[] = days.map((d) => ({ date: d.day, amount: Number(d.principal) + Number(d.net_interest) + Number(d.late_fee) - Number(d.invested) }));
  flows.push({ date: businessDate, amount: n.outstanding });
  return {
    as_of: businessDate,
    investments: n.investments,
    invested: n.invested,
    pending: n.pending,
    outstanding_principal: n.outstanding,
    principal_received: n.principal,
    interest_received: n.interest,
    platform_fee: n.platform_fee,
    tax_withheld: n.tax,
    insurance_premium: n.premium,
    late_fee_received: n.late_fee,
    expected_income: n.expected,
    past_due: pastDueBuckets(n.outstanding, pastDue),
    net_return_ppm: xirrPpm(flows),
    tkb: tkbFigures(n.outstanding, pastDue)?.map((f) => ({ name: f.name, basis_points: f.basisPoints })) ?? null,
    monthly: monthlyFlows(days, businessDate),
  };
}

/** The 12 calendar months up to `businessDate`'s, oldest first, with the days' flows summed. */
function monthlyFlows(days: Day[], businessDate: string): InvestmentStatistics["monthly"] {
  const thisMonth = `${businessDate.slice(0, 7)}-01`;
  const months = Array.from({ length: 12 }, (_, k) => addMonths(thisMonth, k - 11).slice(0, 7));
  const byMonth = new Map(months.map((month) => [month, { month, invested: 0, principal: 0, net_interest: 0 }]));
  for (const d of days) {
    const m = byMonth.get(d.day.slice(0, 7));
    if (!m) continue;
    m.invested += Number(d.invested);
    m.principal += Number(d.principal);
    m.net_interest += Number(d.net_interest);
  }
  return [...byMonth.values()];
}
