import { startDueDisbursals } from "../../modules/disbursal/cooling-off.ts";
import { defineJob } from "../job-definition.ts";

/** Daily: fully funded applications whose cooling-off is over move to disbursal (decision 0015). */
export const coolingOffJob = defineJob({
  name: "cooling-off",
  runs: { daily: "00:40" },
  async handler({ tx, businessDate, at, log, occurrence }) {
    const started = await startDueDisbursals(tx, businessDate, at);
    log.info({ occurrence, started: started.length }, "cooling-off done");
  },
});
