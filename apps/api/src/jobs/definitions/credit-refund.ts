import { runDueCreditRefunds } from "../../modules/reconciliation/credit-refund-run.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Every 15 minutes: refunds the credit left on loans that closed to their borrowers' bank
 * accounts, and retries the ones the bank refused for a while (credit-refund-run.ts). The bank is
 * called after the job's transaction, each refund guarded by its lease and idempotent reference.
 */
export const creditRefundJob = defineJob({
  name: "credit-refund",
  runs: { everyMinutes: 15 },
  async handler({ at, log, occurrence, integrations, afterCommit }) {
    afterCommit(async (db) => {
      const outcomes = await runDueCreditRefunds(db, integrations.bank, at, log);
      log.info({ occurrence, outcomes }, "credit refund run done");
    });
  },
});
