import type { Db } from "@pinjaman/db";
import { dueOccurrences, type JobOccurrence } from "@pinjaman/domain/business-clock";
import type { FastifyBaseLogger } from "fastify";
import type { JobDefinition, JobIntegrations } from "../../jobs/job-definition.ts";
import { runOccurrence } from "../../jobs/job-occurrence.ts";
import { moveClockOneDay, type BusinessNow } from "./business-clock.ts";

export type JobRunRecord = { job: string; occurrence: string; businessDate: string };

/**
 * Moves the sandbox clock forward `days` days, one day at a time, and after each day runs the job
 * occurrences that fell due in it, oldest first (jobs due at the same minute in registration
 * order). An every-N-minutes job runs once per skipped day (its last slot), not 96 times. An
 * occurrence that already ran (the pg-boss runner got there first) is not run again. Only the
 * sandbox moves its clock, so the jobs run with the sandbox's adapters.
 */
export async function moveClockForward(input: {
  db: Db;
  jobs: readonly JobDefinition[];
  days: number;
  log: FastifyBaseLogger;
  integrations?: JobIntegrations;
  real?: Date;
}): Promise<{ now: BusinessNow; ran: JobRunRecord[] }> {
  const { db, jobs, days, log } = input;
  const ran: JobRunRecord[] = [];
  let now: BusinessNow | undefined;
  // One real instant for the whole move: the days' spans then join up exactly (a fresh reading per
  // day would leave the time between two readings in no span, and its jobs would never run).
  const real = input.real ?? new Date();
  for (let day = 0; day < days; day++) {
    const span = await moveClockOneDay(db, real);
    now = span.to;
    const due: { job: JobDefinition; order: number; occurrence: JobOccurrence }[] = [];
    jobs.forEach((job, order) => {
      const occurrences = dueOccurrences(job.runs, span.from.at, span.to.at);
      const owed = "daily" in job.runs ? occurrences : occurrences.slice(-1);
      for (const occurrence of owed) due.push({ job, order, occurrence });
    });
    due.sort((a, b) => a.occurrence.at.getTime() - b.occurrence.at.getTime() || a.order - b.order);
    for (const { job, occurrence } of due) {
      if ((await runOccurrence(db, job, occurrence, log, input.integrations)) === "ran") ran.push({ job: job.name, occurrence: occurrence.key, businessDate: occurrence.businessDate });
    }
  }
  if (!now) throw new RangeError("move the clock by at least one day");
  return { now, ran };
}
