import { schema } from "@pinjaman/db";
import { currentOccurrence, DAY_MS } from "@pinjaman/domain/business-clock";
import { jakartaToday } from "@pinjaman/domain/dates";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { defineJob } from "../../jobs/job-definition.ts";
import { businessClockRoutes } from "./routes.ts";
import { rowCounts, testConfig, testDatabase } from "../../../test/harness.ts";

const URL = "/app_api/v1/sandbox/clock";

/** Jobs that write down what they ran for, in order. */
const seen: string[] = [];
const jobs = [
  defineJob({
    name: "test-daily",
    runs: { daily: "00:00" },
    async handler({ businessDate, tx }) {
      await tx.select().from(schema.businessClock);
      seen.push(`daily ${businessDate}`);
    },
  }),
  defineJob({
    name: "test-hourly",
    runs: { everyMinutes: 60 },
    async handler({ occurrence }) {
      seen.push(`hourly ${occurrence}`);
    },
  }),
];

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe("the sandbox business clock (app_api/v1/sandbox/clock)", () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await testDatabase();
    app = await buildApp({ db: database.db, config: testConfig(), jobs });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("reads today's real date in Jakarta before it is moved", async () => {
    const from = Date.now();
    const before = jakartaToday();
    const res = await app.inject({ method: "GET", url: URL });
    const to = Date.now();
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.offset_days).toBe(0);
    expect([before, jakartaToday()]).toContain(data.business_date);
    // The real time of the call, however long the call took.
    expect(Date.parse(data.business_time)).toBeGreaterThanOrEqual(from);
    expect(Date.parse(data.business_time)).toBeLessThanOrEqual(to);
  });

  it("moves 3 days forward and runs the jobs due in each skipped day, day by day, in order", async () => {
    const before = jakartaToday();
    const res = await app.inject({ method: "POST", url: URL, headers: { "x-locale": "id" }, payload: { data: { days: 3 } } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.offset_days).toBe(3);
    // The real date the server moved from: the test's today, or the next one when the call ran across midnight.
    const today = jakartaToday(new Date(Date.parse(data.business_time) - 3 * DAY_MS));
    expect([before, jakartaToday()]).toContain(today);
    expect(data.business_date).toBe(addDays(today, 3));
    // The hourly job runs once per skipped day: the last slot of the day's span.
    const slot = (days: number) => currentOccurrence({ everyMinutes: 60 }, new Date(Date.parse(data.business_time) - (3 - days) * DAY_MS)).key;
    const expected = [1, 2, 3].flatMap((d) => [
      { job: "test-daily", occurrence: addDays(today, d), business_date: addDays(today, d) },
      { job: "test-hourly", occurrence: slot(d), business_date: slot(d).slice(0, 10) },
    ]);
    expect(data.job_runs).toEqual(expected);
    expect(seen).toEqual(expected.map((r) => `${r.job.slice(5)} ${r.job === "test-daily" ? r.business_date : r.occurrence}`));
    const stored = await database.db.select().from(schema.jobRuns);
    expect(stored.map((r) => `${r.jobName} ${r.occurrence}`).sort()).toEqual(expected.map((r) => `${r.job} ${r.occurrence}`).sort());
  });

  it("keeps the moved date and moves on from it: nothing runs twice", async () => {
    const got = (await app.inject({ method: "GET", url: URL })).json().data;
    expect(got.offset_days).toBe(3);
    seen.length = 0;
    const before = jakartaToday();
    const res = await app.inject({ method: "POST", url: URL, headers: { "x-locale": "id" }, payload: { data: { days: 1 } } });
    expect(res.json().data.offset_days).toBe(4);
    // Four days from the real date: one on from the moved date (two if the real date changed in between).
    expect([addDays(before, 4), addDays(jakartaToday(), 4)]).toContain(res.json().data.business_date);
    expect([addDays(got.business_date, 1), addDays(got.business_date, 2)]).toContain(res.json().data.business_date);
    expect(res.json().data.job_runs.map((r: { job: string }) => r.job)).toEqual(["test-daily", "test-hourly"]);
    expect(seen).toHaveLength(2);
  });

  it.each([
    [{ data: { days: 0 } }],
    [{ data: { days: 367 } }],
    [{ data: { days: 1.5 } }],
    [{ data: { days: "3" } }],
    [{ data: { days: -1 } }],
    [{ data: {} }],
  ])("refuses %j with a field message and changes nothing", async (payload) => {
    const before = await rowCounts(database);
    const res = await app.inject({ method: "POST", url: URL, headers: { "x-locale": "id" }, payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["days"]);
    expect(await rowCounts(database)).toEqual(before);
    expect((await app.inject({ method: "GET", url: URL })).json().data.offset_days).toBe(4);
  });

  it("does not exist outside the sandbox", async () => {
    const live = Fastify();
    live.decorate("config", testConfig({ SANDBOX: "0", COMPANY_API_KEY: "k".repeat(32) }));
    await live.register(businessClockRoutes, { prefix: "/app_api/v1" });
    await live.ready();
    try {
      expect(live.hasRoute({ method: "GET", url: URL })).toBe(false);
      expect(live.hasRoute({ method: "POST", url: URL })).toBe(false);
      expect(app.hasRoute({ method: "POST", url: URL })).toBe(true);
    } finally {
      await live.close();
    }
  });
});
