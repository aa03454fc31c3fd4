import type { Database } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { currentOccurrence } from "@pinjaman/domain/business-clock";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { PgBoss } from "pg-boss";
import { businessNow } from "../modules/business-clock/business-clock.ts";
import { jobDatabaseOptions } from "./job-database.ts";
import { NO_INTEGRATIONS, type JobDefinition, type JobIntegrations } from "./job-definition.ts";
import { runOccurrence } from "./job-occurrence.ts";

/** The queue of the minute tick that sends every job whose occurrence is due. */
export const TICK_QUEUE = "business-clock-tick";

type OccurrenceData = { occurrence: string; businessDate: string; at: string };

export type JobRunnerOptions = {
  database: Pick<Database, "db" | "connection">;
  jobs: readonly JobDefinition[];
  /** Whether the sandbox clock offset counts (outside the sandbox the real date always). */
  sandbox: boolean;
  log: FastifyBaseLogger;
  /** The bank and settings the jobs call (the app's, from configuration). */
  integrations?: JobIntegrations;
  /** Seconds between polls of each queue (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** The per-minute cron tick (off in tests, which call enqueueDue themselves). */
  tick?: boolean;
};

export type JobRunner = {
  /** Sends every job whose current occurrence has not run yet; answers how many were sent. */
  enqueueDue(): Promise<number>;
  /** Stops taking jobs, waits for the ones running (up to `timeoutMs`), then closes its connections. */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
};

/**
 * Starts pg-boss on our database (its own schema `pgboss`, created and migrated by pg-boss) and a
 * worker per job. Every process runs one; pg-boss hands each queued job to one worker, and the
 * job_runs row (job-occurrence.ts) makes a second delivery of the same occurrence do nothing.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { database, jobs, sandbox, log } = options;
  const integrations = options.integrations ?? { ...NO_INTEGRATIONS, sandbox };
  const boss = new PgBoss({ ...jobDatabaseOptions(database), schema: "pgboss", schedule: options.tick !== false });
  boss.on("error", (error) => log.error({ err: error }, "job runner error"));
  await boss.start();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  for (const job of jobs) {
    // One queued or running job per occurrence key; a failed run is retried with backoff.
    await boss.createQueue(job.name, { policy: "exclusive", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 });
    await boss.work<OccurrenceData>(job.name, { pollingIntervalSeconds }, async ([queued]) => {
      if (!queued) return;
      const { occurrence, businessDate, at } = queued.data;
      const outcome = await runOccurrence(database.db, job, { key: occurrence, businessDate, at: new Date(at) }, log, integrations);
      log.info({ job: job.name, occurrence, outcome }, "job occurrence");
    });
  }

  const enqueueDue = async () => {
    const now = await businessNow(database.db, { sandbox });
    let sent = 0;
    for (const job of jobs) {
      const due = currentOccurrence(job.runs, now.at);
      const [done] = await database.db
        .select({ occurrence: schema.jobRuns.occurrence })
        .from(schema.jobRuns)
        .where(and(eq(schema.jobRuns.jobName, job.name), eq(schema.jobRuns.occurrence, due.key)));
      if (done) continue;
      const data: OccurrenceData = { occurrence: due.key, businessDate: due.businessDate, at: due.at.toISOString() };
      if (await boss.send(job.name, data, { singletonKey: due.key })) sent += 1;
    }
    return sent;
  };

  if (options.tick !== false) {
    await boss.createQueue(TICK_QUEUE, { policy: "exclusive", retryLimit: 0, expireInSeconds: 60 });
    await boss.work(TICK_QUEUE, { pollingIntervalSeconds }, async () => {
      await enqueueDue();
    });
    // pg-boss's cron fires once a minute across all processes (its schedule is itself a singleton).
    await boss.schedule(TICK_QUEUE, "* * * * *", null, { tz: "Asia/Jakarta" });
    // At once too: a daily job missed while no process ran (a deploy at 01:00) runs now, not a minute later.
    await enqueueDue();
  }

  return {
    boss,
    enqueueDue,
    stop: (timeoutMs = 8000) => boss.stop({ graceful: true, close: true, timeout: timeoutMs }),
  };
}
