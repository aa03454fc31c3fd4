import { selectMailer } from "../../integrations/mail.ts";
import { selectSms } from "../../integrations/sms.ts";
import { sendDueReminders } from "../../modules/reminders/payment-reminders.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Hourly: the payment reminders owed now, each once, only where it is 08:00–20:00 for the
 * customer (decision 0017). Mail and SMS are written through the job's transaction.
 */
export const paymentRemindersJob = defineJob({
  name: "payment-reminders",
  runs: { everyMinutes: 60 },
  async handler({ tx, at, integrations: { sandbox }, log, occurrence }) {
    const sent = await sendDueReminders(tx, { at, mailer: selectMailer({ sandbox }, tx), sms: selectSms({ sandbox }, tx) });
    log.info({ occurrence, reminders: sent.length }, "payment reminders done");
  },
});
