import { selectMailer } from "../../integrations/mail.ts";
import { selectSms } from "../../integrations/sms.ts";
import { sendPromiseReminders } from "../../modules/reminders/promise-reminders.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Daily at 09:00 WIB (10:00 WITA, 11:00 WIT: inside every zone's 08:00–20:00, and a daily job
 * runs on each day a sandbox clock move skips): the reminders of the promises to pay dated
 * today, each once (decision 0027). Mail and SMS are written through the job's transaction.
 */
export const promiseRemindersJob = defineJob({
  name: "promise-reminders",
  runs: { daily: "09:00" },
  async handler({ tx, at, integrations: { sandbox }, log, occurrence }) {
    const sent = await sendPromiseReminders(tx, { at, mailer: selectMailer({ sandbox }, tx), sms: selectSms({ sandbox }, tx) });
    log.info({ occurrence, reminders: sent.length }, "promise reminders done");
  },
});
