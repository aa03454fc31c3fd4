import { remitToInsurer } from "../../modules/insurance/insurer-remittance.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Daily, after the claims: pays the insurer what the platform held for it at the end of the
 * previous month (decision 0024), once per month; a day the insurer does not accept is caught up
 * the next.
 */
export const insurerRemittanceJob = defineJob({
  name: "insurer-remittance",
  runs: { daily: "01:00" },
  async handler({ tx, businessDate, log, occurrence, integrations }) {
    const outcome = await remitToInsurer(tx, businessDate, integrations.insurer, log);
    log.info({ occurrence, ...outcome }, "insurer remittance done");
  },
});
