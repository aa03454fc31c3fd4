import { runDueDisbursals } from "../../modules/disbursal/disbursal-run.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Every 15 minutes: pays the disbursals due (first attempts and retries after their backoff).
 * The bank is called after the job's transaction, each disbursal guarded by its own lease and
 * its idempotent reference (decision 0015); a disbursal missed here is found by the next run.
 */
export const disbursalJob = defineJob({
  name: "disbursal",
  runs: { everyMinutes: 15 },
  async handler({ at, log, occurrence, integrations, afterCommit }) {
    afterCommit(async (db) => {
      const outcomes = await runDueDisbursals(db, integrations, at, log);
      log.info({ occurrence, outcomes }, "disbursal run done");
    });
  },
});
