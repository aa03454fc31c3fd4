import type { AccountDetail } from "@pinjaman/contracts/account-detail";
import type { Invoice } from "@pinjaman/contracts/invoices";
import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { applicationStatusLabel, isApplicationStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { Fragment, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { HOW_TO_PAY_ID } from "./active-loan-card.tsx";
import { HowToPay } from "./how-to-pay.tsx";
import { InvoiceTable } from "./invoice-table.tsx";
import { accountStatusText } from "./loan-tables.tsx";
import { loansApi, type LoansApi } from "./loans-api.ts";
import { PaySimulation } from "./pay-simulation.tsx";
import { StatementDownload } from "./statement-download.tsx";
import { useLoaded } from "../shell/use-loaded.ts";
import "@pinjaman/i18n/ns/loans";
import "./loans.css";

/** Every invoice of the application, page after page (20 a page; a loan has a few dozen at most). */
async function allInvoices(api: LoansApi, applicationId: string): Promise<Invoice[]> {
  const invoices: Invoice[] = [];
  for (let page = 1; ; page++) {
    const { data, meta } = await api.invoices(applicationId, page);
    invoices.push(...data);
    if (data.length === 0 || invoices.length >= meta.total) return invoices;
  }
}

function Summary({ detail }: { detail: AccountDetail }) {
  const a = detail.current_account_application;
  const rows: [string, string][] = [[t("loans.term.status"), accountStatusText(detail.status) + (a && isApplicationStatus(a.status) ? ` · ${applicationStatusLabel(a.status)}` : "")]];
  if (a) {
    rows.push(
      [t("loans.term.amount"), formatRupiah(a.amount)],
      [t("loans.term.term"), formatTerm(a.term, "month")],
      [t("loans.term.rate"), formatDailyRate(a.daily_rate_ppm)],
      [t("loans.term.total_repayment"), formatRupiah(a.total_repayment)],
    );
    if (a.effective_on) rows.push([t("loans.term.effective_on"), formatDate(a.effective_on)]);
    // A purchase's loan was paid to the merchant, not to the borrower (decision 0032).
    if (detail.paid_to_merchant) rows.push([t("loans.term.paid_to"), t("loans.term.paid_to_merchant", { merchant: detail.paid_to_merchant })]);
    if (a.maturity_on) rows.push([t("loans.term.maturity_on"), formatDate(a.maturity_on)]);
  }
  // A reschedule or restructure in force (spec section 4), with the maturity extension below.
  if (a && (a.type_key === "reschedule" || a.type_key === "restructure")) rows.push([t("loans.term.changed"), t(`loans.term.changed_${a.type_key}`)]);
  if (detail.maturity_extension_days !== 0) rows.push([t("loans.term.maturity_extension"), t("loans.term.maturity_extension_days", { days: detail.maturity_extension_days })]);
  rows.push([t("loans.term.outstanding_principal"), formatRupiah(detail.outstanding_principal)], [t("loans.term.outstanding_total"), formatRupiah(detail.outstanding_total)]);
  if (detail.payoff?.credit) rows.push([t("loans.term.credit"), formatRupiah(detail.payoff.credit)]);
  if (detail.payoff) rows.push([t("loans.term.payoff"), formatRupiah(detail.payoff.amount_to_pay)]);
  return (
    <>
      <dl className="profile-details">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <CreditNote detail={detail} />
    </>
  );
}

/** What happens to the borrower's credit: used when the next invoice falls due, or, the loan closed, moved or refunded (decision 0016). */
function CreditNote({ detail }: { detail: AccountDetail }) {
  const closing = detail.closing_credit;
  if (closing) {
    const values = { amount: formatRupiah(closing.amount), bank: closing.bank_name ?? "", account_number: closing.account_number ?? "" };
    return <p>{t(`loans.credit.${closing.outcome}`, values)}</p>;
  }
  if (!detail.payoff?.credit) return null;
  return <p>{t("loans.credit.kept", { amount: formatRupiah(detail.payoff.credit) })}</p>;
}

/**
 * /profile/loans/{id}: one loan (issue 8 §7): summary with maturity extension and payoff, the
 * schedule as invoices, how to pay per channel, the statement, and in the sandbox the simulated
 * VA transfer. A payment reloads everything it changes.
 */
export function LoanPage({ accountId, sandbox, api = loansApi }: { accountId: string; sandbox: boolean; api?: LoansApi }) {
  const [detail, reloadDetail] = useLoaded(accountId, () => api.account(accountId));
  const applicationId = detail?.data?.current_account_application?.id ?? null;
  const isLoan = detail?.data?.type_key === "loan";
  const [invoices, reloadInvoices] = useLoaded(applicationId, () => allInvoices(api, applicationId!));
  const [payment, reloadPayment] = useLoaded(isLoan ? accountId : null, () => api.newPayment(accountId));
  const onPaid = () => {
    reloadDetail();
    reloadInvoices();
    reloadPayment();
  };
  // The dashboard's "Bayar" links to #cara-bayar, which exists once the payment data is here.
  const { hash } = useLocation();
  const howToPayShown = payment?.data != null;
  useEffect(() => {
    if (!howToPayShown || hash !== `#${HOW_TO_PAY_ID}`) return;
    const section = document.getElementById(HOW_TO_PAY_ID);
    section?.scrollIntoView?.();
    section?.focus({ preventScroll: true });
  }, [howToPayShown, hash]);
  const name = detail?.data?.current_account_application?.product_name ?? detail?.data?.product_key ?? "";
  return (
    <div className="container">
      <div className="profile-page loan-page">
        <p>
          <Link to="/profile">{t("loans.page.back")}</Link>
        </p>
        <LoadingBox loaded={detail !== null} error={detail?.error}>
          {detail?.data && (
            <>
              <h1>{t("loans.page.title", { product: name })}</h1>
              <section aria-labelledby="loan-summary-title">
                <h2 id="loan-summary-title">{t("loans.page.summary_title")}</h2>
                <Summary detail={detail.data} />
              </section>
              <section aria-labelledby="loan-schedule-title">
                <h2 id="loan-schedule-title">{t("loans.page.schedule_title")}</h2>
                {applicationId === null || (invoices?.data && invoices.data.length === 0) ? (
                  <p>{t("loans.page.schedule_empty")}</p>
                ) : (
                  <LoadingBox loaded={invoices !== null} error={invoices?.error}>
                    {invoices?.data && <InvoiceTable invoices={invoices.data} today={detail.data.today} />}
                  </LoadingBox>
                )}
              </section>
              {isLoan && (
                <section aria-labelledby="loan-pay-title" id={HOW_TO_PAY_ID} tabIndex={-1}>
                  <h2 id="loan-pay-title">{t("loans.page.how_to_pay_title")}</h2>
                  <LoadingBox loaded={payment !== null} error={payment?.error}>
                    {payment?.data && (
                      <>
                        <HowToPay payment={payment.data} />
                        {sandbox && detail.data.status === "active" && <PaySimulation accountId={accountId} payment={payment.data} api={api} onPaid={onPaid} />}
                      </>
                    )}
                  </LoadingBox>
                </section>
              )}
              {isLoan && (
                <section aria-labelledby="loan-statement-title">
                  <h2 id="loan-statement-title">{t("loans.page.statement_title")}</h2>
                  <StatementDownload accountId={accountId} api={api} />
                </section>
              )}
            </>
          )}
        </LoadingBox>
      </div>
    </div>
  );
}
