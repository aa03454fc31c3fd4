import { schema } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { lateLoanFixture } from "../../modules/collections/late-loan-fixture.ts";
import { sessionFor, type TestSession } from "../../modules/identity/test-sessions.ts";
import { NO_INTEGRATIONS } from "../job-definition.ts";
import { runOccurrence } from "../job-occurrence.ts";
import { jobDefinitions } from "../registry.ts";
import { promiseRemindersJob } from "./promise-reminders.ts";

const log = pino({ level: "silent" });
const TITLE = "Pengingat janji bayar hari ini";

describe(`the promise-reminders job (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let t: TestApp;
  let operator: TestSession;
  let today: string;
  beforeAll(async () => {
    t = await testApp();
    operator = await sessionFor(t.app.db, "operator@pinjaman.test");
    today = (await t.app.inject({ method: "GET", url: "/app_api/v1/sandbox/clock" })).json().data.business_date;
  });
  afterAll(async () => {
    await t.close();
  });

  const promise = async (accountId: string, promisedOn: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/app_api/v1/staff/collections/${accountId}/promises`,
      headers: operator.headers,
      payload: { promised_on: promisedOn, amount: 300_000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };

  it("is registered daily at 09:00 WIB, inside every zone's 08:00–20:00", () => {
    expect(jobDefinitions.map((j) => [j.name, j.runs])).toContainEqual(["promise-reminders", { daily: "09:00" }]);
  });

  it("an occurrence delivered to many workers at once reminds each promise once", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45, region: "51" });
    const id = await promise(loan.accountId, today);
    // 09:00 WIB of the business date.
    const occurrence = { key: today, businessDate: today, at: new Date(`${today}T02:00:00Z`) };
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => runOccurrence(t.app.db, promiseRemindersJob, occurrence, log, { ...NO_INTEGRATIONS, sandbox: true })));
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(await t.app.db.select().from(schema.promiseReminders).where(eq(schema.promiseReminders.promiseId, id))).toMatchObject([{ localDate: today, timeZone: "WITA" }]);
    const mails = await t.app.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.recipient, loan.email));
    expect(mails.filter((m) => m.subject === TITLE)).toHaveLength(1);
    await t.app.db.update(schema.accounts).set({ status: "closed" }).where(eq(schema.accounts.id, loan.accountId));
  });

  it("moving the sandbox clock to the promised day sends the reminder, which the sandbox outbox shows", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45, region: "94" });
    await promise(loan.accountId, addDays(today, 1));
    // Two days: tomorrow's 09:00 falls inside the move whatever the real time of day.
    const moved = await t.app.inject({ method: "POST", url: "/app_api/v1/sandbox/clock", headers: { "x-locale": "id" }, payload: { data: { days: 2 } } });
    expect(moved.statusCode, moved.body).toBe(200);
    const runs = moved.json().data.job_runs.filter((r: { job: string }) => r.job === "promise-reminders").map((r: { business_date: string }) => r.business_date);
    expect(runs).toContain(addDays(today, 1));
    const outbox = (await t.app.inject({ method: "GET", url: "/pub_api/v1/open/sandbox/outbox" })).json().data as { channel: string; recipient: string; subject: string | null; body: string }[];
    const reminders = outbox.filter((m) => m.recipient === loan.email && m.subject === TITLE);
    expect(reminders.map((m) => m.channel)).toEqual(["mail"]);
    expect(reminders[0]!.body).toContain("Anda berjanji membayar Rp 300.000 untuk pinjaman Anda paling lambat hari ini");
  });
});
