import type { Invoice } from "@pinjaman/contracts/invoices";
import { formatDate } from "@pinjaman/domain/dates";
import { invoiceState } from "@pinjaman/domain/invoices";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { ScrollTable } from "../shell/scroll-table.tsx";
import "@pinjaman/i18n/ns/loans";

const paid = (i: Invoice) => i.paid_principal + i.paid_interest + i.paid_late_fee;

/** The schedule as invoices: due date, amount (late fee included), paid, status Lunas / Belum dibayar / Terlambat. */
export function InvoiceTable({ invoices, today }: { invoices: Invoice[]; today: string }) {
  return (
    <ScrollTable
      caption={t("loans.page.schedule_caption")}
      className="loan-table"
      columns={[
        { label: t("loans.invoice.number") },
        { label: t("loans.invoice.due_on") },
        { label: t("loans.invoice.total"), numeric: true },
        { label: t("loans.invoice.paid"), numeric: true },
        { label: t("loans.invoice.status") },
      ]}
    >
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
    </ScrollTable>
  );
}
