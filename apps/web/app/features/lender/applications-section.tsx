import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { applicationPath, useLenderApi, type ApplicationSort } from "./lender-api.ts";
import { Pager } from "../shell/pager.tsx";
import { ScrollTable } from "../shell/scroll-table.tsx";
import "@pinjaman/i18n/ns/investments";

const SORTS: ApplicationSort[] = ["deadline", "newest", "rate", "remaining"];

/** The applications open to investment (POST investment_applications/search), sortable, each linking to its page. */
export function ApplicationsSection({ accountId }: { accountId: string }) {
  const api = useLenderApi();
  const id = useId();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ApplicationSort>("deadline");
  const [found] = useLoaded(`${accountId}:${sort}:${page}`, () => api.applications(accountId, page, sort));
  const k = (key: string) => t(`investments.sections.${key}`);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{k("applications_title")}</h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sort`}>
          {k("sort_label")}
        </label>
        <select
          id={`${id}-sort`}
          className="field__input"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as ApplicationSort);
            setPage(1);
          }}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`investments.sections.sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <LoadingBox loaded={found !== null} error={found?.error}>
        {found?.data?.data.length === 0 && <p>{k("applications_empty")}</p>}
        {found?.data && found.data.data.length > 0 && (
          <>
            <ScrollTable
              caption={k("applications_caption")}
              className="lender-table"
              columns={[
                { label: k("col_loan") },
                { label: k("col_grade") },
                { label: k("col_amount"), numeric: true },
                { label: k("col_remaining"), numeric: true },
                { label: k("col_rate") },
                { label: k("col_term") },
                { label: k("col_deadline") },
                { label: k("col_action"), hidden: true },
              ]}
            >
              {found.data.data.map((a) => {
                const name = a.product_name ?? a.product_key ?? "";
                return (
                  <tr key={a.id}>
                    <th scope="row">{name}</th>
                    <td>{a.risk_grade ?? "–"}</td>
                    <td className="num">{formatRupiah(a.amount)}</td>
                    <td className="num">{formatRupiah(a.remaining)}</td>
                    <td>{formatDailyRate(a.daily_rate_ppm)}</td>
                    <td>{formatTerm(a.term, "month")}</td>
                    <td>{a.funding_deadline ? formatDate(a.funding_deadline) : "–"}</td>
                    <td>
                      <Link
                        to={applicationPath(accountId, a.id)}
                        aria-label={t("investments.sections.open_application_label", { loan: `${name} ${formatRupiah(a.amount)}` })}
                      >
                        {k("open")}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </ScrollTable>
            <Pager meta={found.data.meta} label={k("applications_title")} onPage={setPage} />
          </>
        )}
      </LoadingBox>
    </section>
  );
}
