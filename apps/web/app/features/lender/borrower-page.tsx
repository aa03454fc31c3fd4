import { formatTerm } from "@pinjaman/domain/dates";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { applicationStatusLabel, isApplicationStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import { BorrowerFacts } from "./borrower-facts.tsx";
import { accountPath, applicationPath, useLenderApi } from "./lender-api.ts";
import { ScrollTable } from "../shell/scroll-table.tsx";
import "@pinjaman/i18n/ns/investments";
import "./lender.css";

/**
 * /investment-accounts/{id}/customer/{customer_id}: a borrower as a lender may see them (GET
 * borrowers/{customer_id}): region, history and their applications open to investment or funded
 * by this account; never their identity.
 */
export function BorrowerPage({ accountId, customerId }: { accountId: string; customerId: string }) {
  const api = useLenderApi();
  const [borrower] = useLoaded(`${accountId}:${customerId}`, () => api.borrower(accountId, customerId));
  const k = (key: string) => t(`investments.borrower.${key}`);
  const s = (key: string) => t(`investments.sections.${key}`);
  const b = borrower?.data;
  return (
    <div className="container">
      <div className="profile-page lender-page">
        <p>
          <Link to={accountPath(accountId)}>{t("investments.account.back_to_account")}</Link>
        </p>
        <h1>{k("title")}</h1>
        <p className="field__hint">{k("intro")}</p>
        <LoadingBox loaded={borrower !== null} error={borrower?.error}>
          {b && (
            <>
              <BorrowerFacts borrower={b} />
              <section aria-labelledby="borrower-applications-title">
                <h2 id="borrower-applications-title">{k("applications_title")}</h2>
                <ScrollTable
                  caption={k("applications_caption")}
                  className="lender-table"
                  columns={[
                    { label: s("col_loan") },
                    { label: s("col_grade") },
                    { label: s("col_amount"), numeric: true },
                    { label: s("col_rate") },
                    { label: s("col_term") },
                    { label: k("col_status") },
                  ]}
                >
                  {b.applications.map((a) => (
                    <tr key={a.id}>
                      <th scope="row">
                        {a.open_to_investment ? <Link to={applicationPath(accountId, a.id)}>{a.product_name ?? ""}</Link> : (a.product_name ?? "")}
                      </th>
                      <td>{a.risk_grade ?? "–"}</td>
                      <td className="num">{formatRupiah(a.amount)}</td>
                      <td>{formatDailyRate(a.daily_rate_ppm)}</td>
                      <td>{formatTerm(a.term, "month")}</td>
                      <td>{isApplicationStatus(a.status) ? applicationStatusLabel(a.status) : a.status}</td>
                    </tr>
                  ))}
                </ScrollTable>
              </section>
            </>
          )}
        </LoadingBox>
      </div>
    </div>
  );
}
