import type { PaymentChannel } from "@pinjaman/contracts/invoices";
import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { VirtualAccountNumber } from "./virtual-account-number.tsx";
import "@pinjaman/i18n/ns/loans";

type Props = {
  channels: PaymentChannel[];
  /** The label of the bank choice. */
  choiceLabel: string;
  /** The text before the number, for the chosen channel's name. */
  numberLabel: (channelName: string) => string;
};

/**
 * Paying into a virtual account (a loan's instalments, a lender's top-up): a bank to choose (the
 * preferred first), its VA number to copy and the numbered steps per method.
 */
export function PayChannels({ channels, choiceLabel, numberLabel }: Props) {
  const id = useId();
  const [channelKey, setChannelKey] = useState(channels[0]?.key ?? "");
  const channel = channels.find((c) => c.key === channelKey) ?? channels[0];
  if (!channel) return null;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-channel`}>
          {choiceLabel}
        </label>
        <select id={`${id}-channel`} className="field__input" value={channel.key} onChange={(e) => setChannelKey(e.target.value)}>
          {channels.map((c) => (
            <option key={c.key} value={c.key}>
              {c.preferred ? `${c.name} (${t("loans.page.preferred")})` : c.name}
            </option>
          ))}
        </select>
      </div>
      <p>
        {numberLabel(channel.name)}: <VirtualAccountNumber number={channel.virtual_account_number} />
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
  );
}
