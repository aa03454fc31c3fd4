import { schema } from "@pinjaman/db";
import { currentOccurrence } from "@pinjaman/domain/business-clock";
import { addDays, daysBetween, jakartaToday } from "@pinjaman/domain/dates";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { activeLoanFor } from "../../modules/disbursal/loan-test-kit.ts";
import { sessionFor, type TestSession } from "../../modules/identity/test-sessions.ts";
import { NO_INTEGRATIONS } from "../job-definition.ts";
import { runOccurrence } from "../job-occurrence.ts";
import { startJobRunner, type JobRunner } from "../job-runner.ts";
import { jobDefinitions } from "../registry.ts";
import { lateFeeAccrualJob } from "./late-fee-accrual.ts";
import { paymentRemindersJob } from "./payment-reminders.ts";
import { tkbSnapshotJob } from "./tkb-snapshot.ts";

const log = pino({ level: "silent" });
/** The daily late fee on an unpaid instalment of a consumptive loan from 2026: 0.1 % (OJK cap). */
const daily = (instalment: { total: number }) => Math.floor(instalment.total / 1000);

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe(`the loan book's daily jobs in the registry (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let t: TestApp;
  let budi: TestSession;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    t = await testApp();
    budi = await sessionFor(t.app.db, "budi@pinjaman.test");
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop(2000);
    await t.close();
  });

  const invoice = async (id: string) => (await t.app.db.select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0]!;

  it("are registered: accrual, closing credit refunds, TKB snapshot and reminders", () => {
    expect(jobDefinitions.map((j) => [j.name, j.runs])).toEqual(
      expect.arrayContaining([
        ["late-fee-accrual", { daily: "00:10" }],
        ["credit-refund", { everyMinutes: 15 }],
        ["tkb-snapshot", { daily: "00:20" }],
        ["payment-reminders", { everyMinutes: 60 }],
      ]),
    );
  });

  it("two runners on one database accrue a day's late fees once", async () => {
    const loan = await activeLoanFor(t.app.db, budi.customerId, { effectiveOn: addDays(jakartaToday(), -45) });
    const first = loan.invoices[0]!;
    const businessDate = currentOccurrence(lateFeeAccrualJob.runs, new Date()).businessDate;
    const start = () => startJobRunner({ database: t.database, jobs: [lateFeeAccrualJob], sandbox: true, log, pollingIntervalSeconds: 0.5, tick: false });
    const [a, b] = await Promise.all([start(), start()]);
    runners.push(a, b);
    // One run is the claim, not one send (job-runner.test.ts): a send after the run finished does nothing.
    const sent = await Promise.all([a.enqueueDue(), b.enqueueDue(), a.enqueueDue(), b.enqueueDue()]);
    expect(sent.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    const ran = () => t.app.db.select().from(schema.jobRuns).where(and(eq(schema.jobRuns.jobName, lateFeeAccrualJob.name), eq(schema.jobRuns.businessDate, businessDate)));
    await until(async () => (await ran()).length === 1 && (await invoice(first.id)).lateFeeAccruedThrough === businessDate, "the accrual");
    expect(await a.enqueueDue()).toBe(0);
    expect(await invoice(first.id)).toMatchObject({ lateFee: daysBetween(first.dueOn, businessDate) * daily(first), lateFeeAccruedThrough: businessDate });
    await t.app.db.update(schema.accounts).set({ status: "closed" }).where(eq(schema.accounts.id, loan.accountId));
  });

  it("a reminders occurrence delivered to many workers at once sends each reminder once, through the sandbox outbox", async () => {
    const loan = await activeLoanFor(t.app.db, budi.customerId, { effectiveOn: "2030-01-10" });
    const first = loan.invoices[0]!;
    // 10:00 WIB on the due date (Budi has no address: WIB).
    const occurrence = { key: "2030-02-10T10:00", businessDate: "2030-02-10", at: new Date("2030-02-10T03:00:00Z") };
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => runOccurrence(t.app.db, paymentRemindersJob, occurrence, log, { ...NO_INTEGRATIONS, sandbox: true })));
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(await t.app.db.select().from(schema.invoiceReminders).where(eq(schema.invoiceReminders.invoiceId, first.id))).toMatchObject([{ kind: "due", timeZone: "WIB" }]);
    const outbox = await t.app.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.subject, "Tagihan Anda jatuh tempo hari ini"));
    expect(outbox.map((m) => [m.channel, m.recipient])).toEqual([["mail", "budi@pinjaman.test"]]);
    const sms = await t.app.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.body, `Pinjaman: Tagihan Anda jatuh tempo hari ini. ${outbox[0]!.body}`));
    const [customer] = await t.app.db.select().from(schema.customers).where(eq(schema.customers.id, budi.customerId));
    expect(customer!.phone).toBeTruthy();
    expect(sms.map((m) => [m.channel, m.recipient])).toEqual([["sms", customer!.phone]]);
    await t.app.db.update(schema.accounts).set({ status: "closed" }).where(eq(schema.accounts.id, loan.accountId));
  });

  it("moving the sandbox clock runs them day by day: a loan goes late, accrues each day once, the TKB follows, reminders run", async () => {
    const today = (await t.app.inject({ method: "GET", url: "/app_api/v1/sandbox/clock" })).json().data.business_date as string;
    const loan = await activeLoanFor(t.app.db, budi.customerId, { effectiveOn: today });
    const first = loan.invoices[0]!;
    const days = daysBetween(today, first.dueOn) + 3;
    const res = await t.app.inject({ method: "POST", url: "/app_api/v1/sandbox/clock", headers: { "x-locale": "id" }, payload: { data: { days } } });
    expect(res.statusCode).toBe(200);
    const { business_date: businessDate, business_time: businessTime, job_runs: runs } = res.json().data;
    expect(businessDate).toBe(addDays(first.dueOn, 3));
    // A daily job has run for today only once its time (00:10, 00:20 Jakarta) has passed on the moved clock.
    const lastRunOf = (job: { runs: Parameters<typeof currentOccurrence>[0] }) => currentOccurrence(job.runs, new Date(businessTime)).businessDate;
    const accruedThrough = lastRunOf(lateFeeAccrualJob);
    expect([addDays(businessDate, -1), businessDate]).toContain(accruedThrough);
    const ranOn = (job: string) => runs.filter((r: { job: string }) => r.job === job).map((r: { business_date: string }) => r.business_date);
    expect(ranOn("late-fee-accrual")).toHaveLength(days);
    expect(ranOn("tkb-snapshot").at(-1)).toBe(lastRunOf(tkbSnapshotJob));
    expect(ranOn("payment-reminders")).toHaveLength(days);
    expect(await invoice(first.id)).toMatchObject({ lateFee: daysBetween(first.dueOn, accruedThrough) * daily(first), lateFeeAccruedThrough: accruedThrough, status: "open" });
    // Days late: all of the book's outstanding principal is past due (> 0 days), none > 30.
    const [latest] = await t.app.db
      .select()
      .from(schema.tkbSnapshots)
      .where(and(eq(schema.tkbSnapshots.source, "book"), eq(schema.tkbSnapshots.asOf, lastRunOf(tkbSnapshotJob))));
    expect(latest?.entries).toEqual([
      { name: "TKB0", basisPoints: 0 },
      { name: "TKB30", basisPoints: 10000 },
      { name: "TKB60", basisPoints: 10000 },
      { name: "TKB90", basisPoints: 10000 },
    ]);
  });
});
