import type { LenderDashboardResponse } from "@pinjaman/contracts/company-services";
import type { Db } from "@pinjaman/db";
import { sql } from "drizzle-orm";
import { latestTkb } from "./tkb-service.ts";

/** How many months the dashboard answers when not told (ending with the business month). */
export const DEFAULT_MONTHS = 12;
/** The longest range one call may ask for. */
export const MAX_MONTHS = 60;

/** The `count` months ending with `last` ("2026-08"), oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  const [year, month] = last.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

export function monthsBetween(from: string, to: string): number {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return index(to) - index(from) + 1;
}

type Totals = { lenders: number; active_lenders: number; total_funded: string; outstanding: string; repaid_principal: string; repaid_interest: string };
type MonthRow = { month: string; new_lenders: number; funded: string; repaid_principal: string; repaid_interest: string };

/**
 * Platform-wide lender figures (decision 0023): sums and counts over every lender, never a
 * lender's own row. Funded is counted in the business month its loan was fully funded, repayments
 * in their business date's month, a new lender in the month their investment account opened.
 */
export async function lenderDashboard(db: Db, months: string[]): Promise<LenderDashboardResponse> {
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const { rows: totalsRows } = (await db.execute(sql`
    with repaid as (
      select investment_id, sum(principal) as principal, sum(interest) as interest from investment_repayments group by investment_id
    )
    select
      (select count(distinct customer_id)::int from accounts where type_key = 'investment') as lenders,
      (select count(distinct customer_id)::int from investments where status in ('pending', 'settled')) as active_lenders,
      coalesce(sum(i.amount) filter (where i.status in ('settled', 'closed')), 0)::text as total_funded,
      coalesce(sum(greatest(i.amount - coalesce(r.principal, 0), 0)) filter (where i.status = 'settled'), 0)::text as outstanding,
      coalesce(sum(r.principal), 0)::text as repaid_principal,
      coalesce(sum(r.interest), 0)::text as repaid_interest
    from investments i left join repaid r on r.investment_id = i.id`)) as unknown as { rows: Totals[] };
  const { rows: monthRows } = (await db.execute(sql`
    with lenders as (
      select to_char(min(coalesce(activated_on, (created_at at time zone 'Asia/Jakarta')::date)), 'YYYY-MM') as month
      from accounts where type_key = 'investment' group by customer_id
    ), funded as (
      select to_char(coalesce(aa.funded_on, (i.created_at at time zone 'Asia/Jakarta')::date), 'YYYY-MM') as month, sum(i.amount) as amount
      from investments i join account_applications aa on aa.id = i.account_application_id
      where i.status in ('settled', 'closed') group by 1
    ), repaid as (
      select to_char(business_date, 'YYYY-MM') as month, sum(principal) as principal, sum(interest) as interest from investment_repayments group by 1
    )
    select m.month,
           (select count(*)::int from lenders l where l.month = m.month) as new_lenders,
           coalesce((select amount from funded f where f.month = m.month), 0)::text as funded,
           coalesce((select principal from repaid r where r.month = m.month), 0)::text as repaid_principal,
           coalesce((select interest from repaid r where r.month = m.month), 0)::text as repaid_interest
    from (select to_char(g, 'YYYY-MM') as month from generate_series(${`${first}-01`}::date, ${`${last}-01`}::date, interval '1 month') g) m
    order by m.month`)) as unknown as { rows: MonthRow[] };
  const totals = totalsRows[0]!;
  const tkb = await latestTkb(db);
  return {
    data: {
      lenders: totals.lenders,
      active_lenders: totals.active_lenders,
      total_funded: Number(totals.total_funded),
      outstanding: Number(totals.outstanding),
      repaid_principal: Number(totals.repaid_principal),
      repaid_interest: Number(totals.repaid_interest),
      tkb90: tkb.data.find((e) => e.name === "TKB90")?.percentage ?? null,
      by_month: monthRows.map((m) => ({
        month: m.month,
        new_lenders: m.new_lenders,
        funded: Number(m.funded),
        repaid_principal: Number(m.repaid_principal),
        repaid_interest: Number(m.repaid_interest),
      })),
    },
  };
}
