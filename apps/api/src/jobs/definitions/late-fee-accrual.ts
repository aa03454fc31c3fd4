import { accrueLateFeesThrough } from "../../modules/late-fees/late-fee-accrual.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Daily: every open invoice past its due date accrues the day's late fee within the OJK caps
 * (decision 0017), and any day missed before it (a clock jump, an outage), each once.
 */
export const lateFeeAccrualJob = defineJob({
  name: "late-fee-accrual",
  runs: { daily: "00:10" },
  async handler({ tx, businessDate, log, occurrence }) {
    const { days, lateFees } = await accrueLateFeesThrough(tx, businessDate);
    log.info({ occurrence, days: days.length, lateFees }, "late-fee accrual done");
  },
});
