import type { Account, AccountApplication } from "@pinjaman/contracts/accounts";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { accountStatusLabel, isAccountStatus } from "@pinjaman/domain/status-labels";
import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import { ScrollTable } from "../shell/scroll-table.tsx";
import "@pinjaman/i18n/ns/loans";

export const loanPath = (accountId: string) => `/profile/loans/${accountId}`;

/** "Aktif", "Lunas", "Dialihkan"; an account before disbursal reads "Diproses". */
export function accountStatusText(status: Account["status"]): string {
  return isAccountStatus(status) ? accountStatusLabel(status) : t(`loans.dashboard.account_status.${status}`);
}

/** The newest application of each account: the loan's amount and name. */
export function applicationsByAccount(applications: readonly AccountApplication[]): Map<string, AccountApplication> {
  const byAccount = new Map<string, AccountApplication>();
  for (const a of applications) if (!byAccount.has(a.account_id)) byAccount.set(a.account_id, a);
  return byAccount;
}

type Props = {
  accounts: Account[];
  applications: Map<string, AccountApplication>;
  closed?: boolean;
};

/**
 * The loans table of the dashboard (spec "Dashboard state"): the open loans (pending, submitted,
 * activated or with unpaid principal) or the closed ones, each linking to its loan page.
 */
export function LoanTable({ accounts, applications, closed = false }: Props) {
  const name = (a: Account) => applications.get(a.id)?.product_name ?? a.product_key ?? "";
  return (
    <ScrollTable
      caption={t(closed ? "loans.dashboard.closed_caption" : "loans.dashboard.loans_caption")}
      className="loan-table"
      columns={[
        { label: t("loans.dashboard.col_loan") },
        { label: t("loans.dashboard.col_amount"), numeric: true },
        { label: t("loans.dashboard.col_status") },
        {
          label: closed ? t("loans.dashboard.col_closed_on") : t("loans.dashboard.col_principal"),
          numeric: true,
        },
        { label: t("loans.dashboard.col_action"), hidden: true },
      ]}
    >
      {accounts.map((a) => {
        const application = applications.get(a.id);
        return (
          <tr key={a.id}>
            <th scope="row">{name(a)}</th>
            <td className="num">{application ? formatRupiah(application.amount) : "–"}</td>
            <td>{accountStatusText(a.status)}</td>
            <td className="num">{closed ? (a.closed_on ? formatDate(a.closed_on) : "–") : formatRupiah(a.principal_balance)}</td>
            <td>
              <Link
                to={loanPath(a.id)}
                aria-label={t("loans.dashboard.open_loan_label", {
                  account: `${name(a)} ${application ? formatRupiah(application.amount) : ""}`.trim(),
                })}
              >
                {t("loans.dashboard.open_loan")}
              </Link>
            </td>
          </tr>
        );
      })}
    </ScrollTable>
  );
}
