import { t } from "@pinjaman/i18n";
import { sql, type SQL } from "drizzle-orm";
import "@pinjaman/i18n/ns/payments";

/**
 * The virtual account a reminder sends the borrower to, joined laterally as `va` (columns
 * `va.channel`, `va.number`) for the loan account `acc`: the loan's preferred channel, else the
 * first; null columns when the loan has none.
 */
export const reminderVirtualAccount: SQL = sql`left join lateral (
      select v.channel, v.number from virtual_accounts v where v.account_id = acc.id
      order by (v.channel = acc.payment_channel) desc nulls last, v.channel limit 1
    ) va on true`;

/** The reminder's sentence on how to pay: the virtual account's bank and number, else the loan page. */
export function howToPay(channel: string | null, number: string | null): string {
  return channel ? t("payments.reminder.how_to_pay.va", { channel: t(`payments.channel.${channel}`), number: number ?? "" }) : t("payments.reminder.how_to_pay.no_va");
}
