import type { InvestmentStatistics } from "@pinjaman/contracts/investment-reads";
import { formatPercentBasisPoints, formatRupiah } from "@pinjaman/domain/money";
import { PAST_DUE_BUCKETS } from "@pinjaman/domain/tkb";
import { t } from "@pinjaman/i18n";
import { lazy, Suspense } from "react";
import { Figures } from "./figures.tsx";
import { monthLabel } from "./month-label.ts";
import "@pinjaman/i18n/ns/investments";

/** The chart library is fetched with this panel's first render, never with another page. */
const MonthlyChart = lazy(() => import("./monthly-chart.tsx"));

const percentOfPpm = (ppm: number) => formatPercentBasisPoints(Math.round(ppm / 100));

/** The account's statistics (GET investments/statistics): figures, past-due buckets, XIRR, TKB and the monthly cash flows. */
export function StatisticsPanel({ statistics: s }: { statistics: InvestmentStatistics }) {
  const k = (key: string) => t(`investments.account.${key}`);
  const tkb90 = s.tkb?.find((f) => f.name === "TKB90");
  return (
    <>
      <Figures
        rows={[
          [k("invested"), formatRupiah(s.invested)],
          [k("pending"), formatRupiah(s.pending)],
          [k("outstanding"), formatRupiah(s.outstanding_principal)],
          [k("principal_received"), formatRupiah(s.principal_received)],
          [k("interest_received"), formatRupiah(s.interest_received)],
          [k("platform_fee"), formatRupiah(s.platform_fee)],
          [k("tax_withheld"), formatRupiah(s.tax_withheld)],
          [k("insurance_premium"), formatRupiah(s.insurance_premium)],
          [k("late_fee_received"), formatRupiah(s.late_fee_received)],
          [k("expected_income"), formatRupiah(s.expected_income)],
          [k("net_return"), s.net_return_ppm === null ? k("not_available") : percentOfPpm(s.net_return_ppm)],
          [k("tkb"), tkb90 ? formatPercentBasisPoints(tkb90.basis_points) : k("not_available")],
        ]}
      />
      <p className="field__hint">{k("net_return_note")}</p>
      <h3>{k("past_due_title")}</h3>
      <Figures rows={PAST_DUE_BUCKETS.map((bucket) => [t(`investments.account.past_due.${bucket}`), formatRupiah(s.past_due[bucket])] as const)} />
      <h3 id="lender-chart-title">{k("chart_title")}</h3>
      <Suspense fallback={null}>
        <MonthlyChart monthly={s.monthly} />
      </Suspense>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="lender-chart-title">
        <table className="lender-table">
          <caption className="sr-only">{k("chart_caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{k("col_month")}</th>
              <th scope="col" className="num">
                {k("col_invested")}
              </th>
              <th scope="col" className="num">
                {k("col_principal")}
              </th>
              <th scope="col" className="num">
                {k("col_net_interest")}
              </th>
            </tr>
          </thead>
          <tbody>
            {s.monthly.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td className="num">{formatRupiah(m.invested)}</td>
                <td className="num">{formatRupiah(m.principal)}</td>
                <td className="num">{formatRupiah(m.net_interest)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
