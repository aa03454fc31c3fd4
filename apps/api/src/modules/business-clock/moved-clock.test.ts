import { schema } from "@pinjaman/db";
import { addMonths, jakartaToday } from "@pinjaman/domain/dates";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { investmentAccountOf } from "../accounts/sandbox-accounts.ts";
import { lastCode } from "../authentication/auth-test-kit.ts";
import { withBankAccount } from "../disbursal/sandbox-loans.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { loadShellData } from "../site/shell-service.ts";

/** More than a month: a date priced or stamped on the real date can never pass for the business one. */
const DAYS = 40;

/**
 * One clock for every date and expiry (decision 0011): after the sandbox clock moved, codes stamped
 * and checked on real time still work, and what the app dates is dated on the business clock.
 */
describe("after the sandbox clock moved (app_api/v1/sandbox/clock)", () => {
  let t: TestApp;
  let sari: TestSession;
  let budi: TestSession;
  let operator: TestSession;
  let accountId: string;
  let businessDate: string;
  beforeAll(async () => {
    t = await testApp();
    sari = await sessionFor(t.app.db, "sari@pinjaman.test");
    budi = await sessionFor(t.app.db, "budi@pinjaman.test");
    operator = await sessionFor(t.app.db, "operator@pinjaman.test");
    accountId = await investmentAccountOf(t.app.db, sari.customerId);
    await withBankAccount(t.app.db, sari.customerId, "8800112233");
    const moved = await t.app.inject({ method: "POST", url: "/app_api/v1/sandbox/clock", headers: { "x-locale": "id" }, payload: { data: { days: DAYS } } });
    expect(moved.statusCode, moved.body).toBe(200);
    businessDate = moved.json().data.business_date;
    // The clock is ahead of the real date (whatever today is): the checks below tell the two apart.
    expect(businessDate > jakartaToday()).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const post = (who: TestSession, url: string, data: unknown) =>
    t.app.inject({ method: "POST", url: `/app_api/v1${url}`, headers: who.headers, payload: { data } as object });

  it("a lender withdraws with a fresh code, booked on the business date", async () => {
    const deposit = await post(sari, `/accounts/${accountId}/deposits`, { amount: 2_000_000, idempotency_key: "moved-clock-topup" });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const sent = await post(sari, `/accounts/${accountId}/withdrawals/code`, { amount: 750_000 });
    expect(sent.statusCode, sent.body).toBe(201);
    const [customer] = await t.app.db.select().from(schema.customers).where(eq(schema.customers.id, sari.customerId));
    const code = await lastCode(t.app.db, customer!.phone ?? customer!.email);
    const res = await post(sari, `/accounts/${accountId}/withdrawals`, { amount: 750_000, idempotency_key: "moved-clock-tarik", signature_id: sent.json().data.signature_id, code });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 750_000, requested_on: businessDate });
    const balance = await t.app.inject({ method: "GET", url: `/app_api/v1/accounts/${accountId}/balance`, headers: sari.headers });
    expect(balance.json().data.available).toBe(deposit.json().data.balance.available - 750_000);
  });

  it("a notice is dated on the business date", async () => {
    const sent = await post(operator, `/staff/customers/${budi.customerId}/notices`, { title: "Jadwal pemeliharaan", body: "Layanan tidak tersedia Minggu pukul 01.00–03.00 WIB." });
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await t.app.inject({ method: "POST", url: "/app_api/v1/customer_notices/search", headers: budi.headers, payload: { filters: [] } });
    const notice = (res.json().data as { id: string; created_at: string }[]).find((n) => n.id === sent.json().data.id);
    expect(jakartaToday(new Date(notice!.created_at))).toBe(businessDate);
  });

  it("the public schedule is priced from the business date", async () => {
    const res = await t.app.inject({ method: "POST", url: "/pub_api/v1/open/products/spl/default_offer/schedule", payload: { data: { amount: 5_000_000, term: 3 } } });
    expect(res.statusCode, res.body).toBe(200);
    const dueOn = (res.json().data.instalments as { due_on: string }[]).map((i) => i.due_on);
    expect(dueOn).toEqual([1, 2, 3].map((months) => addMonths(businessDate, months)));
    expect(dueOn[0]! > businessDate).toBe(true);
  });

  it("the site's pages date their cost example on the business date (the shell data)", async () => {
    expect((await loadShellData(t.app.db, true)).businessDate).toBe(businessDate);
  });
});
