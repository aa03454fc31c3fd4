import type { InvestmentStatistics } from "@pinjaman/contracts/investment-reads";
import type { Db } from "@pinjaman/db";
import { addMonths } from "@pinjaman/domain/dates";
import { pastDueBuckets, tkbFigures } from "@pinjaman/domain/tkb";
import { xirrPpm, type CashFlow } from "@pinjaman/domain/xirr";
import { sql } from "drizzle-orm";

type Totals = Record<
  | "investments"
  | "invested"
  | "pending"
  | "outstanding"
  | "principal"
  | "interest"
  | "platform_fee"
  | "tax"
  | "premium"
  | "late_fee"
  | "expected"
  | "over_0"
  | "over_30"
  | "over_60"
  | "over_90",
  string
>;
type Day = {
  day: string;
  invested: string;
  principal: string;
  net_interest: string;
  late_fee: string;
};

/**
 * The lender's shares with their funding date (the loan's effective date; the investment's own
 * date while pending), what they received, and for settled shares the outstanding principal, the
 * interest still scheduled pro rata and the loan's days past due (TKB's definition, decision 0017).
 */
const shares = (accountId: string, businessDate: string) => sql`
  with inv as (
    select i.id, i.amount, i.status, i.account_application_id, a.amount as application_amount,
           coalesce(a.effective_on, (i.created_at at time zone 'Asia/Jakarta')::date) as funded_on
    from investments i join account_applications a on a.id = i.account_application_id
    where i.investment_account_id = ${accountId}::uuid
  ),
  rep as (
    select r.investment_id, sum(r.principal) as principal, sum(r.interest) as interest, sum(r.platform_fee) as platform_fee,
           sum(r.tax) as tax, sum(r.insurance_premium) as premium, sum(r.late_fee) as late_fee
    from investment_repayments r join inv on inv.id = r.investment_id
    group by r.investment_id
  ),
  loans as (
    select iv.account_application_id, sum(iv.interest - iv.paid_interest) as unpaid_interest,
           coalesce(max(${businessDate}::date - iv.due_on) filter (
             where iv.status = 'open' and iv.due_on < ${businessDate}::date and iv.principal - iv.paid_principal + iv.interest - iv.paid_interest > 0), 0) as days_past_due
    from invoices iv
    where iv.account_application_id in (select account_application_id from inv where status = 'settled')
    group by iv.account_application_id
  ),
  share as (
    select inv.*, coalesce(rep.principal, 0) as principal, coalesce(rep.interest, 0) as interest, coalesce(rep.platform_fee, 0) as platform_fee,
           coalesce(rep.tax, 0) as tax, coalesce(rep.premium, 0) as premium, coalesce(rep.late_fee, 0) as late_fee,
           case when inv.status = 'settled' then greatest(inv.amount - coalesce(rep.principal, 0), 0) else 0 end as outstanding,
           case when inv.status = 'settled' then coalesce(loans.unpaid_interest * inv.amount / inv.application_amount, 0) else 0 end as expected,
           coalesce(loans.days_past_due, 0) as days_past_due
    from inv left join rep on rep.investment_id = inv.id
    left join loans on loans.account_application_id = inv.account_application_id and inv.status = 'settled'
  )`;

/**
 * The investment account's statistics on `businessDate` (issue 9 §3), aggregated in two
 * statements however many investments it holds: the totals, and the cash flows per day (for
 * XIRR and the monthly chart). The return is the XIRR of the real cash flows: each settled
 * share out on its funding date, each payment in net of platform fee, tax and premium, and the
 * outstanding principal as a terminal value today (valued at par, late loans included, so it
 * flatters a book with defaults until they are written off).
 */
export async function lenderStatistics(db: Db, accountId: string, businessDate: string): Promise<InvestmentStatistics> {
  const [totals, days] = await Promise.all([
    db.execute(sql`${shares(accountId, businessDate)}
      select count(*)::text as investments,
             coalesce(sum(amount) filter (where status in ('settled', 'closed')), 0)::text as invested,
             coalesce(sum(amount) filter (where status = 'pending'), 0)::text as pending,
             coalesce(sum(outstanding), 0)::text as outstanding,
             coalesce(sum(principal), 0)::text as principal, coalesce(sum(interest), 0)::text as interest,
             coalesce(sum(platform_fee), 0)::text as platform_fee, coalesce(sum(tax), 0)::text as tax,
             coalesce(sum(premium), 0)::text as premium, coalesce(sum(late_fee), 0)::text as late_fee,
             coalesce(sum(floor(expected)), 0)::text as expected,
             coalesce(sum(outstanding) filter (where days_past_due > 0), 0)::text as over_0,
             coalesce(sum(outstanding) filter (where days_past_due > 30), 0)::text as over_30,
             coalesce(sum(outstanding) filter (where days_past_due > 60), 0)::text as over_60,
             coalesce(sum(outstanding) filter (where days_past_due > 90), 0)::text as over_90
      from share`) as unknown as Promise<{ rows: Totals[] }>,
    db.execute(sql`${shares(accountId, businessDate)}
      select day::text as day, sum(invested)::text as invested, sum(principal)::text as principal,
             sum(net_interest)::text as net_interest, sum(late_fee)::text as late_fee
      from (
        select funded_on as day, amount as invested, 0 as principal, 0 as net_interest, 0 as late_fee from share where status in ('settled', 'closed')
        union all
        select r.business_date, 0, r.principal, r.interest - r.platform_fee - r.tax - r.insurance_premium, r.late_fee
        from investment_repayments r join inv on inv.id = r.investment_id
      ) flows
      group by day order by day`) as unknown as Promise<{ rows: Day[] }>,
  ]);
  const n = Object.fromEntries(Object.entries(totals.rows[0]!).map(([k, v]) => [k, Number(v)])) as Record<keyof Totals, number>;
  const pastDue = { 0: n.over_0, 30: n.over_30, 60: n.over_60, 90: n.over_90 };
  const flows: CashFlow[] = days.rows.map((d) => ({
    date: d.day,
    amount: Number(d.principal) + Number(d.net_interest) + Number(d.late_fee) - Number(d.invested),
  }));
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
    tkb:
      tkbFigures(n.outstanding, pastDue)?.map((f) => ({
        name: f.name,
        basis_points: f.basisPoints,
      })) ?? null,
    monthly: monthlyFlows(days.rows, businessDate),
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
