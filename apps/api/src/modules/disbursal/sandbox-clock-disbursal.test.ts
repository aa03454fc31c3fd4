import { schema } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { businessDateOf } from "@pinjaman/domain/business-clock";
import { COOLING_OFF_DAYS } from "@pinjaman/domain/disbursal";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, testConfig, type TestApp } from "../../../test/harness.ts";
import { selectBank } from "../../integrations/bank/bank-adapter.ts";
import { ConfigError } from "../../config.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { moveClockForward } from "../business-clock/move-clock.ts";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { sessionFor } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { approvedLoanApplication, fundApplication, withBankAccount } from "./sandbox-loans.ts";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the sandbox clock pays a funded loan out (app_api/v1/sandbox/clock)", () => {
  it("moves a fully funded application through cooling-off and disbursal to an active loan", async () => {
    const db = t.app.db;
    const today = await businessNow(db, { sandbox: true });
    const [customer] = await db.insert(schema.customers).values({ name: "Rina Kusuma", email: "rina.cair@contoh.co.id" }).returning({ id: schema.customers.id });
    await withBankAccount(db, customer!.id, "9876543210", "mandiri");
    const lender = await lenderWithFunds(db, "pemodal.jam@contoh.co.id", 3_000_000, today.date);
    const { accountId, applicationId } = await approvedLoanApplication(db, customer!.id, { amount: 2_000_000, term: 3, dailyRatePpm: 1000 });
    await fundApplication(db, applicationId, [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: 2_000_000 }], today.date);

    const res = await t.app.inject({ method: "POST", url: "/app_api/v1/sandbox/clock", headers: { "x-locale": "id" }, payload: { data: { days: COOLING_OFF_DAYS + 1 } } });
    expect(res.statusCode).toBe(200);
    // Each moved day runs the jobs due in (time of day, same time next day], so which dates they
    // run for depends on the clock's time of day (Jakarta) when the test runs.
    const minutes = (today.at.getUTCHours() * 60 + today.at.getUTCMinutes() + 7 * 60) % (24 * 60);
    const runs = res.json().data.job_runs as { job: string; business_date: string }[];
    const firstCoolingOff = minutes < 40 ? 0 : 1;
    expect(runs.filter((r) => r.job === "cooling-off").map((r) => r.business_date)).toEqual([0, 1, 2].map((d) => addDays(today.date, firstCoolingOff + d)));
    // Paid by the day's last disbursal run once it comes after that day's 00:40 cooling-off.
    const effectiveOn = addDays(today.date, minutes >= 45 ? COOLING_OFF_DAYS : COOLING_OFF_DAYS + 1);
    const [application] = await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
    expect(application).toMatchObject({ status: "activated", fundedOn: today.date, effectiveOn });
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, accountId));
    expect(account).toMatchObject({ status: "active", activatedOn: effectiveOn, principalBalance: 2_000_000 });
    const invoices = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId));
    expect(invoices.reduce((s, i) => s + i.total, 0)).toBe(application!.totalRepayment);
    const [paid] = await db.select().from(schema.sandboxBankTransfers).where(eq(schema.sandboxBankTransfers.accountNumber, "9876543210"));
    expect(paid).toMatchObject({ amount: 2_000_000, bankCode: "mandiri", calls: 1 });
    expect(await ledgerInvariantViolations(db)).toEqual([]);

    // An operator sees where the payout stands; a customer may not.
    const operator = await sessionFor(db, "operator@pinjaman.test");
    const read = await t.app.inject({ method: "GET", url: `/app_api/v1/account_applications/${applicationId}/disbursal`, headers: operator.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ account_application_id: applicationId, status: "succeeded", payout: 2_000_000, upfront_fee: 0, attempts: 1, last_error: null });
    expect(read.json().data.bank_reference).toBe(paid!.paidReference);
    const budi = await sessionFor(db, "budi@pinjaman.test");
    expect((await t.app.inject({ method: "GET", url: `/app_api/v1/account_applications/${applicationId}/disbursal`, headers: budi.headers })).statusCode).toBe(403);
  });

  it("pays on the day after, when the day's last disbursal run (00:30) comes before its cooling-off (00:40)", async () => {
    const db = t.app.db;
    // 00:42 WIB on a day 60 days from now: far past the days the test above moved through, whose
    // job occurrences already ran (the clock's offset and the ran occurrences stay in the database),
    // and whatever date the suite runs on.
    const real = new Date(`${addDays(businessDateOf(new Date()), 60)}T00:42:00+07:00`);
    const today = await businessNow(db, { sandbox: true, real });
    const [customer] = await db.insert(schema.customers).values({ name: "Agus Pratama", email: "agus.cair@contoh.co.id" }).returning({ id: schema.customers.id });
    await withBankAccount(db, customer!.id);
    const lender = await lenderWithFunds(db, "pemodal.subuh@contoh.co.id", 1_000_000, today.date);
    const { applicationId } = await approvedLoanApplication(db, customer!.id, { amount: 1_000_000, term: 2, dailyRatePpm: 1000 });
    await fundApplication(db, applicationId, [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount: 1_000_000 }], today.date);
    const move = (days: number) => moveClockForward({ db, jobs: t.app.jobs, days, log: t.app.log, integrations: t.app.jobIntegrations, real });
    const statusOf = async () => (await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId)))[0]!;

    await move(COOLING_OFF_DAYS);
    expect(await statusOf()).toMatchObject({ status: "in_disbursement", effectiveOn: null });
    await move(1);
    expect(await statusOf()).toMatchObject({ status: "activated", effectiveOn: addDays(today.date, COOLING_OFF_DAYS + 1) });
  });

  it("answers 404 in Indonesian for an application not in disbursal", async () => {
    const operator = await sessionFor(t.app.db, "operator@pinjaman.test");
    const res = await t.app.inject({ method: "GET", url: `/app_api/v1/account_applications/00000000-0000-4000-8000-000000000000/disbursal`, headers: operator.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "disbursal_not_found", message: "Pengajuan ini belum masuk tahap pencairan." } });
  });
});

describe("the bank adapter", () => {
  it("refuses to start outside the sandbox rather than pretend to pay borrowers", () => {
    const config = testConfig({ SANDBOX: "0", COMPANY_API_KEY: "k".repeat(32) });
    expect(() => selectBank(config, t.app.db)).toThrow(ConfigError);
    expect(() => selectBank(config, t.app.db)).toThrow(/BANK_ADAPTER: paying borrowers outside the sandbox needs a bank adapter, and none is configured/);
    expect(() => selectBank({ ...config, bank: { adapter: "sandbox", sandboxDisbursal: "succeed" } }, t.app.db)).toThrow(ConfigError);
  });

  it("takes its sandbox behaviour from SANDBOX_BANK_DISBURSAL, and refuses other values at start", () => {
    expect(testConfig({ SANDBOX_BANK_DISBURSAL: "fail_once" }).bank).toEqual({ adapter: "sandbox", sandboxDisbursal: "fail_once" });
    expect(() => testConfig({ SANDBOX_BANK_DISBURSAL: "sometimes" })).toThrow(/SANDBOX_BANK_DISBURSAL/);
    expect(() => testConfig({ BANK_ADAPTER: "bca" })).toThrow(/BANK_ADAPTER/);
  });
});
