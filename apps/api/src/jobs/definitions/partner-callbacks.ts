import { collectCallbacks, deliverDueCallbacks } from "../../modules/partners/partner-callbacks.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Every 5 minutes (as autoinvest: one job_runs row per slot): partners hear about their leads' and purchases' decided applications (signed
 * callbacks, partner-callbacks.ts). Sending is outside the run's transaction (a partner's server
 * is an outside party): each callback is leased and its state kept in its own row, so a failed
 * send is found again by a later run after its back-off.
 */
export const partnerCallbacksJob = defineJob({
  name: "partner-callbacks",
  runs: { everyMinutes: 5 },
  async handler({ log, occurrence, afterCommit }) {
    afterCommit(async (db) => {
      const collected = await collectCallbacks(db);
      const sent = await deliverDueCallbacks(db);
      if (collected > 0 || sent.length > 0) log.info({ occurrence, collected, sent: sent.length, failed: sent.filter((s) => !s.delivered).length }, "partner callbacks");
    });
  },
});
