import type { InvestmentDetail } from "@pinjaman/contracts/investment-reads";
import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { productOf } from "./application-page.tsx";
import { Figures } from "./figures.tsx";
import { accountPath, applicationPath, useLenderApi } from "./lender-api.ts";
import { ScrollTable } from "../shell/scroll-table.tsx";
import "@pinjaman/i18n/ns/investments";
import "./lender.css";

const k = (key: string) => t(`investments.investment.${key}`);

function summary(d: InvestmentDetail): [string, string][] {
  const rows: [string, string][] = [
    [k("amount"), formatRupiah(d.amount)],
    [k("status"), d.status_label],
    [k("loan_amount"), formatRupiah(d.terms.amount)],
    [t("investments.application.term"), formatTerm(d.terms.term, "month")],
    [t("investments.application.rate"), formatDailyRate(d.terms.daily_rate_ppm)],
    [t("investments.application.grade"), d.terms.risk_grade ?? "–"],
  ];
  if (d.terms.effective_on) rows.push([k("effective_on"), formatDate(d.terms.effective_on)]);
  if (d.terms.maturity_on) rows.push([k("maturity_on"), formatDate(d.terms.maturity_on)]);
  rows.push([k("outstanding"), formatRupiah(d.outstanding_principal)]);
  return rows;
}

function Schedule({ detail }: { detail: InvestmentDetail }) {
  if (detail.schedule.length === 0) return <p>{k("schedule_empty")}</p>;
  return (
    <ScrollTable
      caption={k("schedule_caption")}
      className="lender-table"
      columns={[
        { label: k("col_number") },
        { label: k("col_due") },
        { label: k("col_principal"), numeric: true },
        { label: k("col_interest"), numeric: true },
        { label: k("col_total"), numeric: true },
        { label: k("col_status") },
      ]}
    >
      {detail.schedule.map((i) => (
        <tr key={i.number}>
          <th scope="row">{i.number}</th>
          <td>{formatDate(i.due_on)}</td>
          <td className="num">{formatRupiah(i.principal)}</td>
          <td className="num">{formatRupiah(i.interest)}</td>
          <td className="num">{formatRupiah(i.total)}</td>
          <td>{k(i.status)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function Repayments({ detail }: { detail: InvestmentDetail }) {
  if (detail.repayments.length === 0) return <p>{k("repayments_empty")}</p>;
  const columns = ["col_principal", "col_interest", "col_fee", "col_tax", "col_premium", "col_late_fee", "col_net"] as const;
  return (
    <ScrollTable caption={k("repayments_caption")} className="lender-table" columns={[{ label: k("col_date") }]}>
      {detail.repayments.map((r, n) => (
        <tr key={`${r.business_date}-${n}`}>
          <th scope="row">{formatDate(r.business_date)}</th>
          {[r.principal, r.interest, r.platform_fee, r.tax, r.insurance_premium, r.late_fee, r.net].map((v, c) => (
            <td key={columns[c]} className="num">
              {formatRupiah(v)}
            </td>
          ))}
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * /investment-accounts/{id}/investments/{investment_id}: the lender's share — amount, status,
 * the loan's terms, what it received (tax withheld included), the lender's part of each
 * instalment and each repayment.
 */
export function InvestmentPage({ accountId, investmentId }: { accountId: string; investmentId: string }) {
  const api = useLenderApi();
  const [detail] = useLoaded(`${accountId}:${investmentId}`, () => api.investment(accountId, investmentId));
  const d = detail?.data;
  return (
    <div className="container">
      <div className="profile-page lender-page">
        <p>
          <Link to={accountPath(accountId)}>{t("investments.account.back_to_account")}</Link>
        </p>
        <LoadingBox loaded={detail !== null} error={detail?.error}>
          {d && (
            <>
              <h1>
                {t("investments.investment.title", {
                  product: productOf(d.terms),
                })}
              </h1>
              <section aria-labelledby="investment-summary-title">
                <h2 id="investment-summary-title">{k("summary_title")}</h2>
                <Figures rows={summary(d)} />
                {d.status === "pending" && (
                  <p>
                    <Link to={applicationPath(accountId, d.account_application_id)}>{k("application_link")}</Link>
                  </p>
                )}
              </section>
              <section aria-labelledby="investment-received-title">
                <h2 id="investment-received-title">{k("received_title")}</h2>
                <Figures
                  rows={[
                    [k("col_principal"), formatRupiah(d.received.principal)],
                    [k("col_interest"), formatRupiah(d.received.interest)],
                    [t("investments.account.platform_fee"), formatRupiah(d.received.platform_fee)],
                    [t("investments.account.tax_withheld"), formatRupiah(d.received.tax)],
                    [t("investments.account.insurance_premium"), formatRupiah(d.received.insurance_premium)],
                    [k("col_late_fee"), formatRupiah(d.received.late_fee)],
                    [k("net"), formatRupiah(d.received.net)],
                  ]}
                />
              </section>
              <section aria-labelledby="investment-insurance-title">
                <h2 id="investment-insurance-title">{k("insurance_title")}</h2>
                <p>{d.insured ? k("insured") : k("not_insured")}</p>
                {d.insurance_claim && (
                  <p>
                    {t("investments.investment.claim_paid", {
                      date: formatDate(d.insurance_claim.business_date),
                      amount: formatRupiah(d.insurance_claim.amount),
                      outstanding: formatRupiah(d.insurance_claim.outstanding_principal),
                      reference: d.insurance_claim.insurer_reference,
                    })}
                  </p>
                )}
              </section>
              <section aria-labelledby="investment-schedule-title">
                <h2 id="investment-schedule-title">{k("schedule_title")}</h2>
                <Schedule detail={d} />
              </section>
              <section aria-labelledby="investment-repayments-title">
                <h2 id="investment-repayments-title">{k("repayments_title")}</h2>
                <Repayments detail={d} />
              </section>
            </>
          )}
        </LoadingBox>
      </div>
    </div>
  );
}
