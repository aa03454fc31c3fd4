import type { AccountApplication } from "@pinjaman/contracts/accounts";
import { canOpenNewLoan } from "@pinjaman/domain/account-helpers";
import { formatDateTime } from "@pinjaman/domain/dates";
import { DEFAULT_REGISTRATION_FLOW } from "@pinjaman/domain/variant";
import { t } from "@pinjaman/i18n";
import { Link, useNavigate } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { ActiveLoanCard } from "./active-loan-card.tsx";
import { LoanApplications } from "./loan-applications.tsx";
import { applicationsByAccount, LoanTable } from "./loan-tables.tsx";
import { loansApi, type LoansApi } from "./loans-api.ts";
import { useLoaded } from "../shell/use-loaded.ts";
import "@pinjaman/i18n/ns/loans";
import "./loans.css";

/**
 * Where "Ajukan pinjaman baru" leads: the registration flow's address, which the server turns into
 * the signed-in customer's returning flow (decision 0018), never account creation.
 */
export const NEW_LOAN_PATH = `/sign-up?flow=${DEFAULT_REGISTRATION_FLOW}`;

const OPEN_LOANS = [
  { field: "type_key", op: "equals", value: "loan" },
  { field: "closed_on", op: "empty" },
];
/** Spec section 7: closed loans are loans with closed_on present in the activated scope. */
const CLOSED_LOANS = [
  { field: "type_key", op: "equals", value: "loan" },
  { field: "closed_on", op: "present" },
  { field: "activated_on", op: "present" },
];

const resumePath = (flowKey: string, progressId: string) => `/flows/${flowKey}?progress=${progressId}`;

/**
 * The borrower's home data (spec "Dashboard state"): active-loan cards, the open and the closed
 * loans, the applications, the flows left half-done with "Lanjutkan", and "Ajukan pinjaman baru"
 * only when the new-loan rule allows it. `customerKey` (the session's customer) starts the loads.
 */
export function Dashboard({ customerKey, api = loansApi }: { customerKey: string | null; api?: LoansApi }) {
  const navigate = useNavigate();
  const [open] = useLoaded(customerKey, () => api.accounts(OPEN_LOANS));
  const [closed] = useLoaded(customerKey, () => api.accounts(CLOSED_LOANS));
  const [applications] = useLoaded(customerKey, () => api.applications());
  const [progresses] = useLoaded(customerKey, () => api.flowProgresses());
  const byAccount = applicationsByAccount(applications?.data ?? []);
  const active = open?.data?.filter((a) => a.status === "active") ?? [];
  const loaded = [open, closed, applications, progresses].every((s) => s?.data);
  const newLoanAllowed = canOpenNewLoan({
    loaded,
    loanAccounts: open?.data ?? [],
    flowInProgress: (progresses?.data?.length ?? 0) > 0,
    applications: applications?.data ?? [],
  });

  async function cancel(application: AccountApplication) {
    const progressId = await api.startCancellation(application.id);
    await navigate(resumePath("application_cancellation", progressId));
  }

  return (
    <>
      {active.length > 0 && (
        <section aria-labelledby="dashboard-active-title">
          <h2 id="dashboard-active-title">{t("loans.dashboard.active_title")}</h2>
          <div className="loan-cards">
            {active.map((a) => (
              <ActiveLoanCard key={a.id} account={a} name={byAccount.get(a.id)?.product_name ?? a.product_key ?? ""} api={api} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="dashboard-loans-title">
        <h2 id="dashboard-loans-title">{t("loans.dashboard.loans_title")}</h2>
        <LoadingBox loaded={open !== null} error={open?.error}>
          {open?.data?.length ? <LoanTable accounts={open.data} applications={byAccount} /> : <p>{t("loans.dashboard.loans_empty")}</p>}
        </LoadingBox>
        <p className="dashboard-new-loan">
          {newLoanAllowed ? (
            <Link className="button button--primary" to={NEW_LOAN_PATH}>
              {t("loans.dashboard.new_loan")}
            </Link>
          ) : (
            loaded && <span className="field__hint">{t("loans.dashboard.new_loan_blocked")}</span>
          )}
        </p>
      </section>
      {progresses?.data && progresses.data.length > 0 && (
        <section aria-labelledby="dashboard-flows-title">
          <h2 id="dashboard-flows-title">{t("loans.dashboard.flows_title")}</h2>
          <ul className="dashboard-flows">
            {progresses.data.map((p) => (
              <li key={p.id}>
                <span>
                  <strong>{p.flow.name}</strong>
                  <br />
                  <span className="field__hint">{t("loans.dashboard.flow_updated", { date: formatDateTime(new Date(p.updated_at)) })}</span>
                </span>
                <Link className="button button--outline" to={resumePath(p.flow.key, p.id)} aria-label={t("loans.dashboard.resume_label", { flow: p.flow.name })}>
                  {t("loans.dashboard.resume")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <LoanApplications applications={applications} onCancel={cancel} />
      {closed?.data && closed.data.length > 0 && (
        <section aria-labelledby="dashboard-closed-title">
          <h2 id="dashboard-closed-title">{t("loans.dashboard.closed_title")}</h2>
          <LoanTable accounts={closed.data} applications={byAccount} closed />
        </section>
      )}
    </>
  );
}
