import { schema } from "@pinjaman/db";
import { and, eq, lt } from "drizzle-orm";
import { pruneDeliveries, runDueDeliveries } from "../../integrations/delivery/deliveries.ts";
import { defineJob } from "../job-definition.ts";

/** Days of this job's job_runs rows kept: it runs every minute, and an old occurrence is never sent again. */
const RUNS_KEPT_DAYS = 2;

/**
 * Every minute: the mails, SMS and pushes queued for the real providers and due (first attempts
 * whose immediate try did not happen, and retries after their backoff), each claimed with a lease
 * and sent after the job's transaction (integrations/delivery/deliveries.ts). The sandbox queues
 * nothing (its adapters store into the outbox), so there it only tidies its own job_runs rows.
 * Records of messages sent or failed over 90 days ago are deleted (pruneDeliveries).
 */
export const deliveriesJob = defineJob({
  name: "deliveries",
  runs: { everyMinutes: 1 },
  async handler({ tx, businessDate, log, occurrence, integrations, afterCommit }) {
    const keptFrom = new Date(`${businessDate}T00:00:00Z`);
    keptFrom.setUTCDate(keptFrom.getUTCDate() - RUNS_KEPT_DAYS);
    await tx
      .delete(schema.jobRuns)
      .where(and(eq(schema.jobRuns.jobName, "deliveries"), lt(schema.jobRuns.businessDate, keptFrom.toISOString().slice(0, 10))));
    const pruned = await pruneDeliveries(tx);
    if (pruned > 0) log.info({ occurrence, pruned }, "old delivery records deleted");
    const providers = integrations.delivery;
    if (!providers) return;
    afterCommit(async (db) => {
      const outcomes = await runDueDeliveries(db, providers);
      if (outcomes.length > 0) log.info({ occurrence, outcomes }, "deliveries run done");
    });
  },
});
