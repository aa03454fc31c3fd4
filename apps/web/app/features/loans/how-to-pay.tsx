import type { NewPayment } from "@pinjaman/contracts/invoices";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { PayChannels } from "../shell/pay-channels.tsx";
import "@pinjaman/i18n/ns/loans";

/** How to pay (issue 8 §5): the amount due now, a bank to choose (the preferred first), its VA number to copy and the steps per method. */
export function HowToPay({ payment }: { payment: NewPayment }) {
  return (
    <>
      <dl className="profile-details">
        <dt>{t("loans.page.amount_due_now")}</dt>
        <dd className="loan-card__amount">{formatRupiah(payment.amount_due)}</dd>
        {payment.next_due_on && payment.next_amount !== null && (
          <>
            <dt>{t("loans.dashboard.next_due")}</dt>
            <dd>
              <time dateTime={payment.next_due_on}>{formatDate(payment.next_due_on)}</time> · {formatRupiah(payment.next_amount)}
            </dd>
          </>
        )}
      </dl>
      <PayChannels channels={payment.channels} choiceLabel={t("loans.page.channel_choice")} numberLabel={(channel) => t("loans.dashboard.virtual_account", { channel })} />
    </>
  );
}
