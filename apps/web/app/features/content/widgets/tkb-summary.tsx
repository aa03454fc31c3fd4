import type { TkbResponse } from "@pinjaman/contracts/company";
import { formatDateTime } from "@pinjaman/domain/dates";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/home";

/** "98.87" → "98,87%": the figure travels as text, so only the separator changes. */
export function formatTkbPercentage(percentage: string): string {
  return t("home.tkb.value", { value: percentage.replace(".", ",") });
}

export function TkbSummary({ tkb }: { tkb: TkbResponse }) {
  if (tkb.data.length === 0) return <p className="tkb-summary">{t("home.tkb.empty")}</p>;
  const updated = new Date(tkb.last_update);
  return (
    <div className="tkb-summary">
      <div className="content-table">
        <table>
          <caption>{t("home.tkb.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("home.tkb.name")}</th>
              <th scope="col" className="num">
                {t("home.tkb.percentage")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tkb.data.map((entry) => (
              <tr key={entry.name}>
                <th scope="row">{entry.name}</th>
                <td className="num">{formatTkbPercentage(entry.percentage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {Number.isNaN(updated.getTime()) ? null : (
        <p className="tkb-updated">
          {t("home.tkb.updated", { date: formatDateTime(updated) })}
        </p>
      )}
    </div>
  );
}
