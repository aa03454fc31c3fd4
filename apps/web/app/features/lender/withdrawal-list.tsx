import type { Withdrawal } from "@pinjaman/contracts/lender-money";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId } from "react";
import "@pinjaman/i18n/ns/lender_money";

/**
 * The lender's withdrawals, newest first: date, amount, destination and status (with why one
 * failed). On a 360 px phone the table scrolls in its own region, which a keyboard can focus.
 */
export function WithdrawalList({ withdrawals }: { withdrawals: Withdrawal[] }) {
  const captionId = useId();
  if (withdrawals.length === 0) return <p>{t("lender_money.withdrawal.empty")}</p>;
  return (
    <div className="lender-money__scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="lender-money__table">
        <caption id={captionId}>{t("lender_money.withdrawal.history")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("lender_money.withdrawal.column.date")}</th>
            <th scope="col">{t("lender_money.withdrawal.column.amount")}</th>
            <th scope="col">{t("lender_money.withdrawal.column.account")}</th>
            <th scope="col">{t("lender_money.withdrawal.column.status")}</th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.map((w) => (
            <tr key={w.id}>
              <td>
                <time dateTime={w.requested_on}>{formatDate(w.requested_on)}</time>
              </td>
              <td>{formatRupiah(w.amount)}</td>
              <td>
                {w.bank_code.toUpperCase()} {w.account_number}
              </td>
              <td>
                <span className={`lender-money__status lender-money__status--${w.status}`}>{w.status_label}</span>
                {w.reason && <p className="field__hint">{w.reason}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
