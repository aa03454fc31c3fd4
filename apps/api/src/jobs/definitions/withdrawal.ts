import { runDueWithdrawals } from "../../modules/lender-money/withdrawal-run.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Every 15 minutes: retries the lenders' withdrawals the bank refused for a while (decision 0020).
 * The first attempt is made by the request itself; each is guarded by its lease and idempotent reference.
 */
export const withdrawalJob = defineJob({
  name: "withdrawal",
  runs: { everyMinutes: 15 },
  async handler({ at, log, occurrence, integrations, afterCommit }) {
    afterCommit(async (db) => {
      const outcomes = await runDueWithdrawals(db, integrations.bank, at, log);
      log.info({ occurrence, outcomes }, "withdrawal run done");
    });
  },
});
