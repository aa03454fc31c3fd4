import { allocateOpenApplications } from "../../modules/autoinvest/autoinvest-allocation.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Every 5 minutes: autoinvest allocates each application that opened for funding since (decision
 * 0020). Each application in its own transaction after the run's commit, so an application's lock
 * is held for its own allocation only; the allocation's row makes a second run, or a second
 * worker, allocate nothing again.
 */
export const autoinvestJob = defineJob({
  name: "autoinvest",
  runs: { everyMinutes: 5 },
  async handler({ businessDate, log, occurrence, afterCommit }) {
    afterCommit(async (db) => {
      const allocations = await allocateOpenApplications(db, businessDate);
      log.info({ occurrence, applications: allocations.length, amount: allocations.reduce((sum, a) => sum + a.amount, 0) }, "autoinvest done");
    });
  },
});
