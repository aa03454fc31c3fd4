import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { JobOccurrence } from "@pinjaman/domain/business-clock";
import type { FastifyBaseLogger } from "fastify";
import { NO_INTEGRATIONS, type JobDefinition, type JobIntegrations } from "./job-definition.ts";

export type OccurrenceOutcome = "ran" | "already_ran";

/**
 * Runs one occurrence of a job at most once, ever: the job_runs row (primary key job + occurrence)
 * is inserted first in the job's own transaction. A second runner inserting the same key waits
 * on that row; when the first commits it finds the row and does nothing, when the first fails (or
 * its process dies mid-job) the transaction is rolled back and the next attempt runs the job.
 * Work the handler left for `afterCommit` runs after the commit, only for the run that ran; its
 * failure is logged, not retried (such work finds what is left to do from its own tables).
 */
export async function runOccurrence(
  db: Db,
  job: JobDefinition,
  occurrence: JobOccurrence,
  log: FastifyBaseLogger,
  integrations: JobIntegrations = NO_INTEGRATIONS,
): Promise<OccurrenceOutcome> {
  const afterCommit: ((db: Db) => Promise<void>)[] = [];
  const outcome = await db.transaction(async (tx): Promise<OccurrenceOutcome> => {
    const claimed = await tx
      .insert(schema.jobRuns)
      .values({ jobName: job.name, occurrence: occurrence.key, businessDate: occurrence.businessDate })
      .onConflictDoNothing()
      .returning({ jobName: schema.jobRuns.jobName });
    if (claimed.length === 0) return "already_ran";
    await job.handler({
      tx: tx as unknown as Db,
      businessDate: occurrence.businessDate,
      at: occurrence.at,
      occurrence: occurrence.key,
      log,
      integrations,
      afterCommit: (task) => afterCommit.push(task),
    });
    return "ran";
  });
  for (const task of afterCommit) {
    await task(db).catch((error: unknown) => log.error({ err: error, job: job.name, occurrence: occurrence.key }, "job work after commit failed"));
  }
  return outcome;
}
