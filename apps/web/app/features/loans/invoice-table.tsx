import type { Invoice } from "@pinjaman/contracts/invoices";
import { formatDate } from "@pinjaman/domain/dates";
import { invoiceState } from "@pinjaman/domain/invoices";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/loans";

const paid = (i: Invoice) => i.paid_principal + i.paid_interest + i.paid_late_fee;

/** The schedule as invoices: due date, amount (late fee included), paid, status Lunas / Belum dibayar / Terlambat. */
export function InvoiceTable({ invoices, today }: { invoices: Invoice[]; today: string }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("loans.page.schedule_caption")}>
      <table className="loan-table">
        <caption className="sr-only">{t("loans.page.schedule_caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("loans.invoice.number")}</th>
            <th scope="col">{t("loans.invoice.due_on")}</th>
            <th scope="col" className="num">
              {t("loans.invoice.total")}
            </th>
            <th scope="col" className="num">
              {t("loans.invoice.paid")}
            </th>
            <th scope="col">{t("loans.invoice.status")}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((i) => {
            const state = invoiceState({ status: i.status, dueOn: i.due_on }, today);
            return (
              <tr key={i.id}>
                <th scope="row">{i.number}</th>
                <td>
                  <time dateTime={i.due_on}>{formatDate(i.due_on)}</time>
                </td>
                <td className="num">{formatRupiah(i.total + i.late_fee)}</td>
                <td className="num">{formatRupiah(paid(i))}</td>
                <td>
                  <span className={`invoice-badge invoice-badge--${state}`}>{t(`loans.invoice.status_${state}`)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
