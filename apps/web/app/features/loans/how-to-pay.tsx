import type { NewPayment } from "@pinjaman/contracts/invoices";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { transferAfterCredit } from "@pinjaman/domain/payoff";
import { t } from "@pinjaman/i18n";
import { PayChannels } from "../shell/pay-channels.tsx";
import "@pinjaman/i18n/ns/loans";

/** How to pay (issue 8 §5): the amount due now (with the credit the payment uses first, what is left to transfer), a bank to choose (the preferred first), its VA number to copy and the steps per method. */
export function HowToPay({ payment }: { payment: NewPayment }) {
  return (
    <>
      <dl className="profile-details">
        <dt>{t("loans.page.amount_due_now")}</dt>
        <dd className="loan-card__amount">{formatRupiah(payment.amount_due)}</dd>
        {payment.credit_balance > 0 && payment.amount_due > 0 && (
          <>
            <dt>{t("loans.term.credit")}</dt>
            <dd>{formatRupiah(payment.credit_balance)}</dd>
            <dt>{t("loans.page.to_transfer")}</dt>
            <dd className="loan-card__amount">{formatRupiah(transferAfterCredit(payment.amount_due, payment.credit_balance))}</dd>
          </>
        )}
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
