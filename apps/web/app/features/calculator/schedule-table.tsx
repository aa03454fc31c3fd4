import type { OfferSchedule } from "@pinjaman/contracts/offers";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId } from "react";
import "@pinjaman/i18n/ns/calculator";

/**
 * The instalments of an offer. On a phone the five columns are wider than the screen: the table
 * scrolls inside its own box (focusable, so a keyboard scrolls it too) under a visible hint that
 * says so; the page itself never scrolls sideways. Where it fits (28rem) the hint goes.
 */
export function ScheduleTable({ schedule }: { schedule: OfferSchedule }) {
  const caption = t("calculator.schedule.caption");
  const hintId = useId();
  const principal = schedule.instalments.reduce((sum, i) => sum + i.principal, 0);
  return (
    <div className="calc-table">
      <p id={hintId} className="calc-table-hint">
        {t("calculator.schedule.scroll_hint")}
      </p>
      <div className="calc-table-scroll" role="region" aria-label={caption} aria-describedby={hintId} tabIndex={0}>
        <table className="calc-schedule">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t("calculator.schedule.number")}</th>
              <th scope="col">{t("calculator.schedule.due")}</th>
              <th scope="col" className="num">
                {t("calculator.schedule.principal")}
              </th>
              <th scope="col" className="num">
                {t("calculator.schedule.interest")}
              </th>
              <th scope="col" className="num">
                {t("calculator.schedule.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {schedule.instalments.map((instalment) => (
              <tr key={instalment.number}>
                <th scope="row">{instalment.number}</th>
                <td>{formatDate(instalment.due_on)}</td>
                <td className="num">{formatRupiah(instalment.principal)}</td>
                <td className="num">{formatRupiah(instalment.interest)}</td>
                <td className="num">{formatRupiah(instalment.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t("calculator.schedule.total")}
              </th>
              <td className="num">{formatRupiah(principal)}</td>
              <td className="num">{formatRupiah(schedule.total_interest)}</td>
              <td className="num">{formatRupiah(schedule.total_repayment)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
