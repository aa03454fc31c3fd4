import type { TaxStatement } from "@pinjaman/contracts/lender-tax";
import { formatPercentBasisPoints, formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { useLoaded } from "../shell/use-loaded.ts";
import { lenderMoneyApi, type LenderMoneyApi } from "./lender-money-api.ts";
import { monthLabel } from "./month-label.ts";
import "@pinjaman/i18n/ns/common";
import "@pinjaman/i18n/ns/lender_money";
import "./lender.css";

/** How many years the lender can look back, the business clock's year included. */
const YEARS_SHOWN = 5;

const COLUMNS = ["gross_interest", "platform_fee", "tax_withheld", "insurance_premium", "net_interest"] as const;

/**
 * The investment account's interest and the tax withheld from it, month by month for a chosen
 * year (GET accounts/{id}/tax_statements, decision 0024): the figures a bukti potong PPh 23/26 and
 * the lender's annual return need, with the article, rate and NPWP they were withheld under.
 */
export function TaxStatementSection({ accountId, api = lenderMoneyApi }: { accountId: string; api?: Pick<LenderMoneyApi, "taxStatement"> }) {
  const titleId = useId();
  const yearId = useId();
  // null: the business clock's year, which the first answer names.
  const [year, setYear] = useState<number | null>(null);
  const [latestYear, setLatestYear] = useState<number | null>(null);
  const [statement] = useLoaded(`${accountId}:${year}`, async () => {
    const loaded = await api.taxStatement(accountId, year);
    setLatestYear((latest) => latest ?? loaded.year);
    return loaded;
  });
  const data = statement?.data ?? null;
  const years = latestYear === null ? [] : Array.from({ length: YEARS_SHOWN }, (_, i) => latestYear - i);

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t("lender_money.tax_statement.title")}</h2>
      <p>{t("lender_money.tax_statement.intro")}</p>
      {years.length > 0 && (
        <p>
          <label htmlFor={yearId}>{t("lender_money.tax_statement.year")}</label>{" "}
          <select id={yearId} value={year ?? latestYear ?? ""} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </p>
      )}
      {statement === null ? (
        <p role="status">{t("lender_money.tax_statement.loading")}</p>
      ) : statement.error !== null ? (
        <p role="alert">{statement.error}</p>
      ) : (
        data && <StatementTable statement={data} />
      )}
    </section>
  );
}

function StatementTable({ statement }: { statement: TaxStatement }) {
  const captionId = useId();
  return (
    <>
      <p>
        {t("lender_money.tax_statement.article", {
          article: t(`lender_money.tax_statement.articles.${statement.tax_article}`),
          rate: formatPercentBasisPoints(Math.round(statement.rate_ppm / 100)),
          residency: t(`lender_money.tax_statement.residency.${statement.tax_residency}`),
        })}
        {" · "}
        {statement.npwp === null ? t("lender_money.tax_statement.no_npwp") : t("lender_money.tax_statement.npwp", { npwp: statement.npwp })}
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table>
          <caption id={captionId}>{t("lender_money.tax_statement.caption", { year: statement.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("lender_money.tax_statement.month")}</th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {t(`lender_money.tax_statement.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {statement.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                {COLUMNS.map((c) => (
                  <td key={c}>{formatRupiah(m[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("lender_money.tax_statement.total", { year: statement.year })}</th>
              {COLUMNS.map((c) => (
                <td key={c}>{formatRupiah(statement.totals[c])}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
