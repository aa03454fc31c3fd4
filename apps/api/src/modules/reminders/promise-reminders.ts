import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { contactWindow, promiseStatus } from "@pinjaman/domain/collections";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import { localDateOf } from "@pinjaman/domain/payment-reminders";
import type { IndonesianTimeZone } from "@pinjaman/domain/reminder-time-zone";
import { t } from "@pinjaman/i18n";
import { sql } from "drizzle-orm";
import type { Mailer } from "../../integrations/mail.ts";
import type { SmsSender } from "../../integrations/sms.ts";
import { paidTowardsPromise } from "../collections/collections.ts";
import { addNotices } from "../customer-notices/add-notices.ts";
import { howToPay, reminderVirtualAccount } from "./how-to-pay.ts";
import "@pinjaman/i18n/ns/payments";

type Candidate = {
  promise_id: string;
  account_id: string;
  made_on: string;
  promised_on: string;
  amount: string;
  customer_id: string;
  email: string;
  phone: string | null;
  region: string | null;
  va_channel: string | null;
  va_number: string | null;
};

export type PromiseReminderSent = { promiseId: string; timeZone: IndonesianTimeZone; localDate: string };

/**
 * Promises to pay of active loans dated between the westernmost and the easternmost zone's date
 * at `at` and not yet reminded, with the borrower's contacts and province and the loan's virtual
 * account.
 */
async function candidates(tx: Db, at: Date): Promise<Candidate[]> {
  const { rows } = (await tx.execute(sql`
    select p.id as promise_id, p.account_id, p.made_on::text as made_on, p.promised_on::text as promised_on, p.amount::text as amount,
           c.id as customer_id, c.email, c.phone, cp.kyc ->> 'region' as region, va.channel as va_channel, va.number as va_number
    from promises_to_pay p
    join accounts acc on acc.id = p.account_id and acc.status = 'active'
    join customers c on c.id = acc.customer_id
    left join customer_profiles cp on cp.customer_id = c.id
    ${reminderVirtualAccount}
    where p.promised_on between ${localDateOf(at, "WIB")}::date and ${localDateOf(at, "WIT")}::date
      and not exists (select 1 from promise_reminders r where r.promise_id = p.id)
    order by p.promised_on, p.id`)) as unknown as { rows: Candidate[] };
  return rows;
}

/**
 * Sends the reminders of the promises to pay falling due at business instant `at` (decision 0027):
 * a promise whose date is the borrower's local date, when their own time is within the contact
 * window (08:00–20:00, the collections' and payment reminders' one), unless the payments since
 * it was made already reach its amount (kept). A notice, an e-mail and an SMS (when a phone is
 * known) name the amount still to pay. The promise_reminders row is inserted first, in the
 * caller's transaction with the notice and the outbox messages, so a promise is reminded once
 * whatever runs the job and however often.
 */
export async function sendPromiseReminders(tx: Db, { at, mailer, sms }: { at: Date; mailer: Mailer; sms: SmsSender }): Promise<PromiseReminderSent[]> {
  const sent: PromiseReminderSent[] = [];
  for (const c of await candidates(tx, at)) {
    const window = contactWindow(at, c.region);
    const localDate = localDateOf(at, window.zone);
    if (!window.allowed || localDate !== c.promised_on) continue;
    const amount = Number(c.amount);
    const paid = await paidTowardsPromise(tx, { accountId: c.account_id, madeOn: c.made_on, promisedOn: c.promised_on });
    if (promiseStatus({ promisedOn: c.promised_on, amount }, paid, localDate) !== "pending") continue;
    const [claimed] = await tx
      .insert(schema.promiseReminders)
      .values({ promiseId: c.promise_id, localDate, timeZone: window.zone, sentAt: at })
      .onConflictDoNothing()
      .returning({ promiseId: schema.promiseReminders.promiseId });
    if (!claimed) continue;
    const title = t("payments.promise_reminder.title");
    const body = t("payments.promise_reminder.body", {
      amount: formatRupiah(amount),
      promised_on: formatDate(c.promised_on),
      remaining: formatRupiah(amount - paid),
      how_to_pay: howToPay(c.va_channel, c.va_number),
    });
    await addNotices(tx, at, [{ customerId: c.customer_id, title, body }]);
    await mailer.send({ to: c.email, subject: title, body });
    if (c.phone) await sms.send({ to: c.phone, body: t("payments.reminder.sms", { title, body }) });
    sent.push({ promiseId: c.promise_id, timeZone: window.zone, localDate });
  }
  return sent;
}
