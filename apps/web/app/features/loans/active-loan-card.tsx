import type { Account } from "@pinjaman/contracts/accounts";
import { formatDate } from "@pinjaman/domain/dates";
import { invoiceState } from "@pinjaman/domain/invoices";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import { LoadingBox } from "../shell/loading-box.tsx";
import { VirtualAccountNumber } from "../shell/virtual-account-number.tsx";
import { loanPath } from "./loan-tables.tsx";
import type { LoansApi } from "./loans-api.ts";
import { useLoaded } from "../shell/use-loaded.ts";
import "@pinjaman/i18n/ns/loans";

export const HOW_TO_PAY_ID = "cara-bayar";

/** One active loan: the next invoice (due date, amount, late or not), the preferred VA to pay into, the credit kept and what it is for, and the pay button. */
export function ActiveLoanCard({ account, name, api }: { account: Account; name: string; api: LoansApi }) {
  const [state] = useLoaded(account.id, () => Promise.all([api.account(account.id), api.newPayment(account.id)]));
  const [detail, payment] = state?.data ?? [];
  const invoice = detail?.next_invoice;
  const channel = payment?.channels.find((c) => c.preferred) ?? payment?.channels[0];
  return (
    <article className="loan-card" aria-labelledby={`loan-card-${account.id}`}>
      <h3 id={`loan-card-${account.id}`}>{name}</h3>
      <LoadingBox loaded={state !== null} error={state?.error}>
        {detail && payment && (
          <>
            {invoice ? (
              <dl className="profile-details">
                <dt>{t("loans.dashboard.next_due")}</dt>
                <dd>
                  <time dateTime={invoice.due_on}>{formatDate(invoice.due_on)}</time>
                  {invoiceState({ status: invoice.status, dueOn: invoice.due_on }, detail.today) === "late" && <span className="invoice-badge invoice-badge--late"> {t("loans.invoice.status_late")}</span>}
                </dd>
                <dt>{t("loans.dashboard.amount_due")}</dt>
                <dd className="loan-card__amount">{formatRupiah(Math.max(invoice.outstanding, payment.amount_due))}</dd>
                {channel && (
                  <>
                    <dt>{t("loans.dashboard.virtual_account", { channel: channel.name })}</dt>
                    <dd>
                      <VirtualAccountNumber number={channel.virtual_account_number} />
                    </dd>
                  </>
                )}
              </dl>
            ) : (
              <p>{t("loans.dashboard.nothing_due")}</p>
            )}
            {payment.credit_balance > 0 && <p>{t("loans.credit.kept", { amount: formatRupiah(payment.credit_balance) })}</p>}
            <Link className="button button--primary" to={`${loanPath(account.id)}#${HOW_TO_PAY_ID}`} aria-label={t("loans.dashboard.pay_label", { account: name })}>
              {t("loans.dashboard.pay")}
            </Link>
          </>
        )}
      </LoadingBox>
    </article>
  );
}
