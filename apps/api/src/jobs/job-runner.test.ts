import { schema } from "@pinjaman/db";
import { currentOccurrence } from "@pinjaman/domain/business-clock";
import { eq } from "drizzle-orm";
import pino from "pino";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../test/harness.ts";
import { defineJob, type JobDefinition } from "./job-definition.ts";
import { runOccurrence } from "./job-occurrence.ts";
import { startJobRunner, type JobRunner } from "./job-runner.ts";

const log = pino({ level: "silent" });

/**
 * A daily time twelve hours away from now (Jakarta): the occurrence that is due stays the same
 * for the whole test, whenever the test runs (a fixed "00:00" changes under a run near midnight).
 */
function farFromNow(): `${number}:${number}` {
  const jakartaHour = (new Date().getUTCHours() + 7) % 24;
  return `${String((jakartaHour + 12) % 24).padStart(2, "0")}:00` as `${number}:${number}`;
}

/** A job counting its runs in memory (every runner of this test lives in this process). */
function countingJob(name: string, fail = 0): JobDefinition & { runs: JobDefinition["runs"]; count: () => number } {
  let count = 0;
  let failures = fail;
  const job = defineJob({
    name,
    runs: { daily: farFromNow() },
    async handler({ tx }) {
      // Real work in the job's transaction: a crash after it must leave nothing behind.
      await tx.insert(schema.throttles).values({ key: `job:${name}:${count}`, windowStartedAt: new Date(), count: 1 });
      if (failures > 0) {
        failures -= 1;
        throw new Error("the process died mid-job");
      }
      count += 1;
    },
  });
  return Object.assign(job, { count: () => count });
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe("the job runner", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop(2000);
    await database.close();
  });

  const runsOf = async (name: string) => database.db.select().from(schema.jobRuns).where(eq(schema.jobRuns.jobName, name));

  it(`two runners on one database run a due job once for the business date (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, { timeout: 120_000 }, async () => {
    const job = countingJob("test-two-runners");
    const start = () => startJobRunner({ database, jobs: [job], sandbox: true, log, pollingIntervalSeconds: 0.5, tick: false });
    const [a, b] = await Promise.all([start(), start()]);
    runners.push(a, b);
    // Both processes find the job due at the same moment, twice. pg-boss's exclusive queue takes
    // one while it is queued or running; a send that comes after that run finished may queue it
    // again (a loaded machine spreads the four calls out), and then the job_runs row makes that
    // delivery do nothing. The claim is one run, not one send.
    const sent = await Promise.all([a.enqueueDue(), b.enqueueDue(), a.enqueueDue(), b.enqueueDue()]);
    expect(sent.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    await until(async () => (await runsOf(job.name)).length === 1 && job.count() === 1, "the run");
    // Once it ran, a later tick sends nothing.
    expect(await a.enqueueDue()).toBe(0);
    expect(await b.enqueueDue()).toBe(0);
    await sleep(1500);
    expect(job.count()).toBe(1);
    const [run] = await runsOf(job.name);
    expect(run?.occurrence).toBe(currentOccurrence(job.runs, new Date()).key);
    expect(run?.businessDate).toBe(run?.occurrence);
  });

  it("an occurrence delivered to many workers at once runs once", async () => {
    const job = countingJob("test-many-deliveries");
    const occurrence = { key: "2030-01-02", businessDate: "2030-01-02", at: new Date("2030-01-01T17:00:00Z") };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => runOccurrence(database.db, job, occurrence, log)));
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already_ran")).toHaveLength(7);
    expect(job.count()).toBe(1);
  });

  it("a run that dies mid-job leaves no trace and the next attempt does it once", async () => {
    const job = countingJob("test-dies-mid-job", 1);
    const occurrence = { key: "2030-01-03", businessDate: "2030-01-03", at: new Date("2030-01-02T17:00:00Z") };
    await expect(runOccurrence(database.db, job, occurrence, log)).rejects.toThrow("the process died mid-job");
    expect(await runsOf(job.name)).toEqual([]);
    const [written] = await database.db.select().from(schema.throttles).where(eq(schema.throttles.key, "job:test-dies-mid-job:0"));
    expect(written).toBeUndefined();
    expect(await runOccurrence(database.db, job, occurrence, log)).toBe("ran");
    expect(await runOccurrence(database.db, job, occurrence, log)).toBe("already_ran");
    expect(job.count()).toBe(1);
    expect((await runsOf(job.name)).map((r) => r.occurrence)).toEqual(["2030-01-03"]);
  });

  it("work after commit runs once the run is recorded, only for the run that ran, and its failure is only logged", async () => {
    const seen: string[] = [];
    const job = defineJob({
      name: "test-after-commit",
      runs: { everyMinutes: 15 },
      async handler({ occurrence, afterCommit }) {
        afterCommit(async (db) => {
          // Outside the job's transaction: the run's record is already committed and visible.
          const runs = await db.select().from(schema.jobRuns).where(eq(schema.jobRuns.jobName, "test-after-commit"));
          seen.push(`${occurrence}:${runs.length}`);
          if (occurrence.endsWith("T10:15")) throw new Error("the bank is down");
        });
      },
    });
    const occurrence = (slot: string) => ({ key: `2030-01-04T${slot}`, businessDate: "2030-01-04", at: new Date(`2030-01-04T${slot}:00+07:00`) });
    const outcomes = await Promise.all([runOccurrence(database.db, job, occurrence("10:00"), log), runOccurrence(database.db, job, occurrence("10:00"), log)]);
    expect(outcomes.sort()).toEqual(["already_ran", "ran"]);
    expect(await runOccurrence(database.db, job, occurrence("10:15"), log)).toBe("ran");
    expect(seen).toEqual(["2030-01-04T10:00:1", "2030-01-04T10:15:2"]);
  });
});
