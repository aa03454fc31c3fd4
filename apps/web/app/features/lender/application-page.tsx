import type { InvestmentApplication } from "@pinjaman/contracts/investments";
import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { BorrowerFacts } from "./borrower-facts.tsx";
import { Figures } from "./figures.tsx";
import { InvestForm, type FundingAfter } from "./invest-form.tsx";
import { accountPath, borrowerPath, useLenderApi } from "./lender-api.ts";
import "@pinjaman/i18n/ns/investments";
import "./lender.css";

export const productOf = (a: { product_name: string | null; product_key: string | null }) => a.product_name ?? a.product_key ?? "";

function facts(a: InvestmentApplication): [string, string][] {
  const k = (key: string) => t(`investments.application.${key}`);
  const unknown = k("unknown");
  return [
    [k("amount"), formatRupiah(a.amount)],
    [k("funded"), formatRupiah(a.funded)],
    [k("remaining"), formatRupiah(a.remaining)],
    [k("term"), formatTerm(a.term, "month")],
    [k("rate"), formatDailyRate(a.daily_rate_ppm)],
    [k("grade"), a.risk_grade ?? unknown],
    [k("purpose"), a.purpose ? t(`investments.application.purposes.${a.purpose}`) : unknown],
    [k("approved_on"), a.approved_on ? formatDate(a.approved_on) : unknown],
    [k("deadline"), a.funding_deadline ? formatDate(a.funding_deadline) : unknown],
  ];
}

/**
 * /investment-accounts/{id}/applications/{application_id}: an application open to investment —
 * its terms and funding, its borrower's region and history (linking to their page), and the
 * invest form. An investment updates the funding figures from its answer.
 */
export function ApplicationPage({ accountId, applicationId }: { accountId: string; applicationId: string }) {
  const api = useLenderApi();
  const [application] = useLoaded(`${accountId}:${applicationId}`, () => api.application(accountId, applicationId));
  // After an investment, its answer's funding: the application may no longer be open (fully
  // funded), so it is not read again; the page keeps showing it with the new figures.
  const [fundingAfter, setFundingAfter] = useState<FundingAfter | null>(null);
  const k = (key: string) => t(`investments.application.${key}`);
  const a = application?.data && fundingAfter ? { ...application.data, ...fundingAfter } : application?.data;
  return (
    <div className="container">
      <div className="profile-page lender-page">
        <p>
          <Link to={accountPath(accountId)}>{t("investments.account.back_to_account")}</Link>
        </p>
        <LoadingBox loaded={application !== null} error={application?.error}>
          {a && (
            <>
              <h1>{t("investments.application.title", { product: productOf(a) })}</h1>
              <section aria-labelledby="application-facts-title">
                <h2 id="application-facts-title">{k("facts_title")}</h2>
                <Figures rows={facts(a)} />
              </section>
              <section aria-labelledby="application-borrower-title">
                <h2 id="application-borrower-title">{k("borrower_title")}</h2>
                <BorrowerFacts borrower={a.borrower} />
                <p>
                  <Link to={borrowerPath(accountId, a.borrower.customer_id)}>{k("borrower_link")}</Link>
                </p>
              </section>
              <InvestForm accountId={accountId} applicationId={a.id} remaining={a.remaining} onInvested={setFundingAfter} />
            </>
          )}
        </LoadingBox>
      </div>
    </div>
  );
}
