import type { AccountApplication } from "@pinjaman/contracts/accounts";
import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { applicationStatusLabel, isApplicationStatus } from "@pinjaman/domain/status-labels";
import { nextStatus } from "@pinjaman/domain/statuses/machine";
import { APPLICATION_MACHINE } from "@pinjaman/domain/statuses/tables";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { LoadingBox } from "../shell/loading-box.tsx";
import type { Loaded } from "../shell/use-loaded.ts";
import "@pinjaman/i18n/ns/auth";
import "@pinjaman/i18n/ns/loans";

/** The borrower may withdraw an application while the status table allows `cancel`. */
export function isCancellable(status: string): boolean {
  return isApplicationStatus(status) && nextStatus(APPLICATION_MACHINE, status, "cancel") !== null;
}

type Props = {
  applications: Loaded<AccountApplication[]>;
  /** Starts the application_cancellation flow and opens it; rejects with the server's message. */
  onCancel: (application: AccountApplication) => Promise<void>;
};

/** The customer's loan applications with their status labels (spec section 4), a rejection's reason, the cancel action while allowed. */
export function LoanApplications({ applications, onCancel }: Props) {
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  async function cancel(application: AccountApplication) {
    setCancelError(null);
    setStarting(application.id);
    try {
      await onCancel(application);
    } catch (error) {
      setCancelError(error instanceof Error ? error.message : String(error));
    } finally {
      setStarting(null);
    }
  }
  return (
    <section aria-labelledby="profile-applications-title">
      <h2 id="profile-applications-title">{t("auth.profile.applications_title")}</h2>
      {cancelError && (
        <p className="auth-alert" role="alert">
          {cancelError}
        </p>
      )}
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
                {isCancellable(a.status) && (
                  <button
                    type="button"
                    className="button button--outline"
                    disabled={starting !== null}
                    aria-label={t("loans.dashboard.applications_cancel_label", { product: a.product_name ?? a.product_key ?? "", amount: formatRupiah(a.amount) })}
                    onClick={() => void cancel(a)}
                  >
                    {t("loans.dashboard.applications_cancel")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadingBox>
    </section>
  );
}
