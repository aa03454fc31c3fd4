import type { NewPayment } from "@pinjaman/contracts/invoices";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { VirtualAccountNumber } from "./virtual-account-number.tsx";
import "@pinjaman/i18n/ns/loans";

/** How to pay (issue 8 §5): the amount due now, a bank to choose (the preferred first), its VA number to copy and the steps per method. */
export function HowToPay({ payment }: { payment: NewPayment }) {
  const id = useId();
  const [channelKey, setChannelKey] = useState(payment.channels[0]?.key ?? "");
  const channel = payment.channels.find((c) => c.key === channelKey) ?? payment.channels[0];
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
      {channel && (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-channel`}>
              {t("loans.page.channel_choice")}
            </label>
            <select id={`${id}-channel`} className="field__input" value={channel.key} onChange={(e) => setChannelKey(e.target.value)}>
              {payment.channels.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.preferred ? `${c.name} (${t("loans.page.preferred")})` : c.name}
                </option>
              ))}
            </select>
          </div>
          <p>
            {t("loans.dashboard.virtual_account", { channel: channel.name })}: <VirtualAccountNumber number={channel.virtual_account_number} />
          </p>
          {channel.methods.map((method) => (
            <details key={method.key} className="pay-method">
              <summary>{method.name}</summary>
              <ol>
                {method.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
          ))}
        </>
      )}
    </>
  );
}
