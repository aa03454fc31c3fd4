import { schema } from "@pinjaman/db";
import { currentOccurrence } from "@pinjaman/domain/business-clock";
import { and, eq, like, notInArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { autoinvestJob } from "../../jobs/definitions/autoinvest.ts";
import { NO_INTEGRATIONS } from "../../jobs/job-definition.ts";
import { runOccurrence } from "../../jobs/job-occurrence.ts";
import { investmentAccountOf } from "../accounts/sandbox-accounts.ts";
import { approvedApplication } from "../funding/funding-fixtures.ts";
import { invest } from "../funding/investment-service.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { allocateApplication } from "./autoinvest-allocation.ts";
import { autoinvestingLender, OPEN_RULES } from "./autoinvest-fixtures.ts";

const TODAY = "2026-11-24";
const log = pino({ level: "silent" });

let t: TestApp;
let sari: TestSession;
let budi: TestSession;
let sariAccount: string;
beforeAll(async () => {
  t = await testApp();
  sari = await sessionFor(t.database.db, "sari@pinjaman.test");
  budi = await sessionFor(t.database.db, "budi@pinjaman.test");
  sariAccount = await investmentAccountOf(t.database.db, sari.customerId);
});
afterAll(() => t.close());

const setup = (who: TestSession, method: "GET" | "PATCH", autoinvest?: unknown, id = sariAccount) =>
  t.app.inject({ method, url: `/app_api/v1/accounts/${id}/investments/setup`, headers: who.headers, ...(autoinvest ? { payload: { data: { autoinvest } } } : {}) });

const autoinvestments = (applicationId: string) =>
  t.database.db
    .select({ account: schema.investments.investmentAccountId, amount: schema.investments.amount, status: schema.investments.status })
    .from(schema.investments)
    .where(and(eq(schema.investments.accountApplicationId, applicationId), like(schema.investments.idempotencyKey, "autoinvest:%")));

describe("PATCH and GET app_api/v1/accounts/{id}/investments/setup", () => {
  it("answers the defaults, disabled, until the lender saves rules; then the saved rules", async () => {
    const before = await setup(sari, "GET");
    expect([before.statusCode, before.json().data.autoinvest]).toEqual([200, expect.objectContaining({ enabled: false, amount_per_loan: 500_000, updated_at: null })]);
    const rules = { ...OPEN_RULES, amount_per_loan: 300_000, risk_grades: ["A", "B"], product_keys: ["spl"], reserve: 1_000_000 };
    const saved = await setup(sari, "PATCH", rules);
    expect(saved.statusCode).toBe(200);
    const products = (await t.app.db.select({ key: schema.products.key, name: schema.products.name, active: schema.products.active }).from(schema.products))
      .filter((p) => p.active)
      .map(({ key, name }) => ({ key, name }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(products.map((p) => p.key)).toContain("spl");
    expect(saved.json()).toEqual({ data: { autoinvest: { ...rules, updated_at: expect.any(String) }, products } });
    expect((await setup(sari, "GET")).json()).toEqual(saved.json());
  });

  it("refuses bad values field by field, in Indonesian, and changes nothing", async () => {
    const counts = await rowCounts(t.database);
    const stored = (await setup(sari, "GET")).json();
    const cases: [Record<string, unknown>, number, Record<string, string[]>][] = [
      [{ amount_per_loan: 150_000 }, 400, { "autoinvest.amount_per_loan": ["Harus kelipatan 100000"] }],
      [{ amount_per_loan: 0 }, 400, { "autoinvest.amount_per_loan": ["Minimal 100000"] }],
      [{ tenor_min_months: 6, tenor_max_months: 3 }, 400, { "autoinvest.tenor_max_months": ["Tenor maksimum tidak boleh kurang dari tenor minimum"] }],
      [{ tenor_max_months: 61 }, 400, { "autoinvest.tenor_max_months": ["Maksimal 60"] }],
      [{ risk_grades: [] }, 400, { "autoinvest.risk_grades": ["Minimal 1"] }],
      [{ risk_grades: ["A", "A"] }, 400, { "autoinvest.risk_grades": ["Ada pilihan yang berulang"] }],
      [{ risk_grades: ["F"] }, 400, { "autoinvest.risk_grades.0": ["Isian tidak valid"] }],
      [{ reserve: -1 }, 400, { "autoinvest.reserve": ["Minimal 0"] }],
      [{ max_per_borrower: 1.5 }, 400, { "autoinvest.max_per_borrower": ["Format isian tidak sesuai"] }],
      [{ enabled: undefined }, 400, { "autoinvest.enabled": ["Wajib diisi"] }],
      [{ product_keys: ["spl", "tidak_ada"] }, 422, { product_keys: ["Produk tidak dikenal: tidak_ada"] }],
    ];
    for (const [change, status, fields] of cases) {
      const res = await setup(sari, "PATCH", { ...OPEN_RULES, ...change });
      expect([change, res.statusCode, res.json().error.fields]).toEqual([change, status, fields]);
    }
    expect(await rowCounts(t.database)).toEqual(counts);
    expect((await setup(sari, "GET")).json()).toEqual(stored);
  });

  it("another customer's investment account answers 404, read or written", async () => {
    for (const method of ["GET", "PATCH"] as const) {
      const res = await setup(budi, method, method === "PATCH" ? OPEN_RULES : undefined);
      expect([res.statusCode, res.json().error.code]).toEqual([404, "account_not_found"]);
    }
  });

  it("manual investors may not use autoinvest's key prefix", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/app_api/v1/accounts/${sariAccount}/investments`,
      headers: sari.headers,
      payload: { data: { account_application_id: sariAccount, amount: 100_000, idempotency_key: "autoinvest:pura-pura" } },
    });
    expect([res.statusCode, res.json().error.fields]).toEqual([400, { idempotency_key: ['Kunci idempotensi tidak boleh diawali "autoinvest:"'] }]);
  });
});

describe("the autoinvest job", () => {
  let robots: string[] = [];
  it("splits 80 % of an application round robin among matching lenders, once however often it runs", async () => {
    const db = t.database.db;
    const lenders = [];
    for (let i = 0; i < 5; i++) lenders.push(await autoinvestingLender(db, `robot.${i}@contoh.co.id`, 2_000_000, TODAY, { amount_per_loan: 1_000_000 }));
    robots = lenders.map((l) => l.accountId);
    const other = await autoinvestingLender(db, "robot.grade-lain@contoh.co.id", 2_000_000, TODAY, { tenor_min_months: 6 });
    const { applicationId } = await approvedApplication(db, "peminjam.robot@contoh.co.id", 3_000_000);
    const at = new Date();
    for (const minutes of [0, 5, 10]) {
      const occurrence = currentOccurrence(autoinvestJob.runs, new Date(at.getTime() + minutes * 60_000));
      expect(await runOccurrence(db, autoinvestJob, occurrence, log, NO_INTEGRATIONS)).toBe("ran");
    }
    // 80 % of 3 million = 24 steps over 5 lenders: 5, 5, 5, 5, 4 in rotation order; the 6-month lender is not asked.
    const rows = await autoinvestments(applicationId);
    expect(rows.map((r) => r.amount).sort()).toEqual([400_000, 500_000, 500_000, 500_000, 500_000].map((n) => n * 1).sort());
    expect(rows.every((r) => r.status === "pending")).toBe(true);
    expect(rows.map((r) => r.account)).not.toContain(other.accountId);
    expect(new Set(rows.map((r) => r.account))).toEqual(new Set(lenders.map((l) => l.accountId)));
    const [allocation] = await db.select().from(schema.autoinvestAllocations).where(eq(schema.autoinvestAllocations.accountApplicationId, applicationId));
    expect(allocation).toMatchObject({ amount: 2_400_000, lenders: 5 });
    expect(await allocateApplication(db, applicationId, TODAY)).toBeNull();
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it("rotates: the next application starts with who got the fewer steps", async () => {
    const db = t.database.db;
    const { applicationId } = await approvedApplication(db, "peminjam.robot.dua@contoh.co.id", 500_000);
    await db.update(schema.autoinvestSettings).set({ enabled: false }).where(notInArray(schema.autoinvestSettings.investmentAccountId, robots));
    const before = await db.select().from(schema.autoinvestSettings);
    const result = await allocateApplication(db, applicationId, TODAY);
    // 80 % of 500k = 4 steps, one each to the four least recently served of the five: first the one who got 4 steps last time.
    expect(result).toEqual({ applicationId, amount: 400_000, lenders: 4, refused: 0 });
    const leastRecent = before
      .filter((s) => s.enabled)
      .sort((a, b) => (a.lastServed ?? 0) - (b.lastServed ?? 0))
      .slice(0, 4)
      .map((s) => s.investmentAccountId);
    expect(new Set((await autoinvestments(applicationId)).map((r) => r.account))).toEqual(new Set(leastRecent));
  });

  it("never touches the reserve, and keeps within the maximum per borrower", async () => {
    const db = t.database.db;
    await db.update(schema.autoinvestSettings).set({ enabled: false });
    const reserved = await autoinvestingLender(db, "robot.cadangan@contoh.co.id", 1_250_000, TODAY, { reserve: 1_000_000 });
    const capped = await autoinvestingLender(db, "robot.batas@contoh.co.id", 5_000_000, TODAY, { max_per_borrower: 700_000 });
    const first = await approvedApplication(db, "peminjam.berulang@contoh.co.id", 10_000_000);
    await invest(db, { customerId: capped.customerId, investmentAccountId: capped.accountId, applicationId: first.applicationId, amount: 500_000, idempotencyKey: "manual-0001", businessDate: TODAY });
    const second = await approvedApplication(db, "peminjam.berulang.2@contoh.co.id", 10_000_000);
    // Same borrower, second application: move it to the first borrower's customer.
    const [firstAccount] = await db.select({ customerId: schema.accounts.customerId }).from(schema.accounts).innerJoin(schema.accountApplications, eq(schema.accountApplications.accountId, schema.accounts.id)).where(eq(schema.accountApplications.id, first.applicationId));
    await db.update(schema.accounts).set({ customerId: firstAccount!.customerId }).where(eq(schema.accounts.id, second.accountId));
    await allocateApplication(db, first.applicationId, TODAY);
    await allocateApplication(db, second.applicationId, TODAY);
    const byLender = async (applicationId: string) => Object.fromEntries((await autoinvestments(applicationId)).map((r) => [r.account, r.amount]));
    // The reserve leaves 250k: two steps, the first application; nothing left for the second.
    // The cap: 500k by hand + 200k by autoinvest in the first application, nothing in the second.
    expect(await byLender(first.applicationId)).toEqual({ [reserved.accountId]: 200_000, [capped.accountId]: 200_000 });
    expect(await byLender(second.applicationId)).toEqual({});
  });

  it("skips a lender whose investment is refused and goes on with the others", async () => {
    const db = t.database.db;
    await db.update(schema.autoinvestSettings).set({ enabled: false });
    const gone = await autoinvestingLender(db, "robot.pergi@contoh.co.id", 1_000_000, TODAY);
    const stays = await autoinvestingLender(db, "robot.tetap@contoh.co.id", 1_000_000, TODAY);
    const { applicationId } = await approvedApplication(db, "peminjam.lewati@contoh.co.id", 1_000_000);
    // The lender's own key already used for this application with another amount: invest() refuses (409).
    const other = await approvedApplication(db, "peminjam.lain@contoh.co.id", 1_000_000);
    await invest(db, { customerId: gone.customerId, investmentAccountId: gone.accountId, applicationId: other.applicationId, amount: 100_000, idempotencyKey: `autoinvest:${applicationId}`, businessDate: TODAY });
    expect(await allocateApplication(db, applicationId, TODAY)).toEqual({ applicationId, amount: 400_000, lenders: 1, refused: 1 });
    expect((await autoinvestments(applicationId)).map((r) => [r.account, r.amount])).toEqual([[stays.accountId, 400_000]]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});
