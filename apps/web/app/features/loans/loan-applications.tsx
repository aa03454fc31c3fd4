import type { AccountApplication } from "@pinjaman/contracts/accounts";
import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { applicationStatusLabel, isApplicationStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { LoadingBox } from "../shell/loading-box.tsx";
import "@pinjaman/i18n/ns/auth";

export const APPLICATIONS_SEARCH_URL = "/app_api/v1/account_applications/search";

type Props = { applications: { data: AccountApplication[] | null; error: string | null } | null };

/** The customer's loan applications with their status labels (spec section 4); a rejection with its reason. */
export function ProfileApplications({ applications }: Props) {
  return (
    <section aria-labelledby="profile-applications-title">
      <h2 id="profile-applications-title">{t("auth.profile.applications_title")}</h2>
      <LoadingBox loaded={applications !== null} error={applications?.error}>
        {applications?.data && applications.data.length === 0 && <p>{t("auth.profile.applications_empty")}</p>}
        {applications?.data && applications.data.length > 0 && (
          <ul className="profile-applications">
            {applications.data.map((a) => (
              <li key={a.id}>
                <h3>{a.product_name ?? a.product_key}</h3>
                <dl className="profile-details">
                  <dt>{t("auth.profile.application_amount")}</dt>
                  <dd>{formatRupiah(a.amount)}</dd>
                  <dt>{t("auth.profile.application_term")}</dt>
                  <dd>{formatTerm(a.term, "month")}</dd>
                  <dt>{t("auth.profile.application_status")}</dt>
                  <dd>{isApplicationStatus(a.status) ? applicationStatusLabel(a.status) : a.status}</dd>
                  {a.submitted_on && (
                    <>
                      <dt>{t("auth.profile.application_submitted")}</dt>
                      <dd>{formatDate(a.submitted_on)}</dd>
                    </>
                  )}
                  {a.status === "rejected" && a.rejection_reason && (
                    <>
                      <dt>{t("auth.profile.application_rejection_reason")}</dt>
                      <dd>{a.rejection_reason}</dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </LoadingBox>
    </section>
  );
}
