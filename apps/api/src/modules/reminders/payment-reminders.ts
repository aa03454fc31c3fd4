import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/payments";
import { daysBetween, formatDate } from "@pinjaman/domain/dates";
import { invoiceOutstanding } from "@pinjaman/domain/invoices";
import { formatRupiah } from "@pinjaman/domain/money";
import { localDateOf, reminderDueOn } from "@pinjaman/domain/payment-reminders";
import { timeZoneOfRegion, withinReminderHours, type IndonesianTimeZone } from "@pinjaman/domain/reminder-time-zone";
import { sql } from "drizzle-orm";
import type { Mailer } from "../../integrations/mail.ts";
import type { SmsSender } from "../../integrations/sms.ts";
import { addNotices } from "../customer-notices/add-notices.ts";
import { howToPay, reminderVirtualAccount } from "./how-to-pay.ts";

type Candidate = {
  invoice_id: string;
  customer_id: string;
  email: string;
  phone: string | null;
  region: string | null;
  number: number;
  due_on: string;
  principal: string;
  interest: string;
  late_fee: string;
  paid_principal: string;
  paid_interest: string;
  paid_late_fee: string;
  va_channel: string | null;
  va_number: string | null;
  sent: string[] | null;
};

export type ReminderSent = { invoiceId: string; kind: string; timeZone: IndonesianTimeZone; localDate: string };

/**
 * Open invoices of active loans that may owe a reminder by `latestLocalDate` (the date in the
 * easternmost zone), with the customer's contacts and province, the loan's virtual account (the
 * preferred channel, else the first) and the kinds already sent.
 */
async function candidates(tx: Db, latestLocalDate: string): Promise<Candidate[]> {
  const { rows } = (await tx.execute(sql`
    select i.id as invoice_id, c.id as customer_id, c.email, c.phone, cp.kyc ->> 'region' as region, i.number, i.due_on::text as due_on,
           i.principal::text, i.interest::text, i.late_fee::text, i.paid_principal::text, i.paid_interest::text, i.paid_late_fee::text,
           va.channel as va_channel, va.number as va_number,
           (select array_agg(r.kind) from invoice_reminders r where r.invoice_id = i.id) as sent
    from invoices i
    join accounts acc on acc.id = i.account_id and acc.status = 'active'
    join customers c on c.id = acc.customer_id
    left join customer_profiles cp on cp.customer_id = c.id
    ${reminderVirtualAccount}
    where i.status = 'open' and i.due_on <= ${latestLocalDate}::date + 3`)) as unknown as { rows: Candidate[] };
  return rows;
}

function texts(c: Candidate, amount: number, localDate: string) {
  const daysLate = daysBetween(c.due_on, localDate);
  const phase = daysLate < 0 ? "before" : daysLate === 0 ? "due" : "late";
  const dueOn = formatDate(c.due_on);
  const title = t(`payments.reminder.title.${phase}`, { due_on: dueOn, days: daysLate });
  const body = t(`payments.reminder.body.${phase}`, { number: c.number, amount: formatRupiah(amount), due_on: dueOn, how_to_pay: howToPay(c.va_channel, c.va_number) });
  return { title, body };
}

/**
 * Sends the payment reminders owed at business instant `at` (decision 0017): for each open
 * invoice whose customer's own time (WIB/WITA/WIT from the province of their address) is within
 * 08:00–20:00, the reminder of its customer's local date (`reminderDueOn`) unless that kind was
 * sent: a notice, an e-mail and an SMS (when a phone is known). The invoice_reminders row
 * (invoice + kind) is inserted first, in the caller's transaction with the notice and the
 * outbox messages, so a reminder goes out once whatever runs the job.
 */
export async function sendDueReminders(tx: Db, { at, mailer, sms }: { at: Date; mailer: Mailer; sms: SmsSender }): Promise<ReminderSent[]> {
  const sent: ReminderSent[] = [];
  for (const c of await candidates(tx, localDateOf(at, "WIT"))) {
    const timeZone = timeZoneOfRegion(c.region);
    if (!withinReminderHours(at, timeZone)) continue;
    const localDate = localDateOf(at, timeZone);
    const due = reminderDueOn(c.due_on, localDate);
    if (!due || c.sent?.includes(due.kind)) continue;
    const amount = invoiceOutstanding({
      dueOn: c.due_on,
      principal: Number(c.principal),
      interest: Number(c.interest),
      lateFee: Number(c.late_fee),
      paidPrincipal: Number(c.paid_principal),
      paidInterest: Number(c.paid_interest),
      paidLateFee: Number(c.paid_late_fee),
    });
    if (amount === 0) continue;
    const [claimed] = await tx
      .insert(schema.invoiceReminders)
      .values({ invoiceId: c.invoice_id, kind: due.kind, localDate, timeZone, sentAt: at })
      .onConflictDoNothing()
      .returning({ kind: schema.invoiceReminders.kind });
    if (!claimed) continue;
    const { title, body } = texts(c, amount, localDate);
    await addNotices(tx, at, [{ customerId: c.customer_id, title, body }]);
    await mailer.send({ to: c.email, subject: title, body });
    if (c.phone) await sms.send({ to: c.phone, body: t("payments.reminder.sms", { title, body }) });
    sent.push({ invoiceId: c.invoice_id, kind: due.kind, timeZone, localDate });
  }
  return sent;
}
