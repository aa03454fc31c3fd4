import { schema } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { NON_PROFESSIONAL_MAX_INCOME, placementLimit } from "@pinjaman/domain/lender-limits";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { cancelApplication } from "../account-applications/cancellation.ts";
import { sessionFor } from "../identity/test-sessions.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { approvedApplication, lenderWithFunds } from "./funding-fixtures.ts";
import { invest } from "./investment-service.ts";

/** The OJK placement limit on every investment (migration 0020, decision 0022). */
const TODAY = "2026-11-24";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

let applications = 0;
const openApplication = async (amount = 50_000_000) => (await approvedApplication(t.app.db, `batas.peminjam.${++applications}@contoh.co.id`, amount)).applicationId;

const refusalOf = (error: unknown) => {
  if (error instanceof FieldErrors) return [error.status, error.fields];
  throw error;
};

describe("lender_placement_limit in SQL", () => {
  it("equals the domain's placementLimit at the class boundary and for any income", async () => {
    const limitInSql = async (income: number) => {
      const { rows } = (await t.app.db.execute(sql`select lender_placement_limit(${income}::bigint)::text as limit`)) as unknown as { rows: { limit: string }[] };
      return Number(rows[0]!.limit);
    };
    for (const income of [1, 999_999, 1_000_000, 36_000_009, NON_PROFESSIONAL_MAX_INCOME - 1, NON_PROFESSIONAL_MAX_INCOME, NON_PROFESSIONAL_MAX_INCOME + 1, 500_000_005, 9_007_199_254_740_991]) {
      expect(await limitInSql(income)).toBe(placementLimit(income));
    }
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), async (income) => {
        expect(await limitInSql(income)).toBe(placementLimit(income));
      }),
      { numRuns: 200 },
    );
  });
});

describe("an investment within the lender's OJK placement limit", () => {
  it("passes exactly at the limit; a rupiah over is refused with the headroom, nothing changed", async () => {
    // Income Rp120 million: limit 10 % = Rp12,000,000; one rupiah less income: limit Rp11,999,999.
    const atLimit = await lenderWithFunds(t.app.db, "batas.pas@contoh.co.id", 20_000_000, TODAY, 120_000_000);
    const below = await lenderWithFunds(t.app.db, "batas.kurang@contoh.co.id", 20_000_000, TODAY, 119_999_999);
    const applicationId = await openApplication();
    const input = (lender: typeof atLimit, amount: number, key: string) => ({
      customerId: lender.customerId,
      investmentAccountId: lender.accountId,
      applicationId,
      amount,
      idempotencyKey: key,
      businessDate: TODAY,
    });
    await invest(t.app.db, input(atLimit, 7_000_000, "pas-1"));
    const second = await invest(t.app.db, input(atLimit, 5_000_000, "pas-2"));
    expect(second.investment).toMatchObject({ amount: 5_000_000, status: "pending" });

    const counts = await rowCounts(t.database);
    const funds = await findLedgerAccount(t.app.db, "lender_funds", { customerId: below.customerId, accountId: below.accountId });
    expect(await invest(t.app.db, input(below, 12_000_000, "kurang-1")).catch(refusalOf)).toEqual([
      422,
      { amount: ["Nominal melebihi batas penempatan dana Anda sesuai ketentuan OJK. Sisa batas Anda Rp 11.999.999."] },
    ]);
    // The lender at the limit has no headroom left: the smallest step is refused too.
    expect(await invest(t.app.db, input(atLimit, 100_000, "pas-3")).catch(refusalOf)).toEqual([
      422,
      { amount: ["Nominal melebihi batas penempatan dana Anda sesuai ketentuan OJK. Sisa batas Anda Rp 0."] },
    ]);
    expect(await rowCounts(t.database)).toEqual(counts);
    const after = await findLedgerAccount(t.app.db, "lender_funds", { customerId: below.customerId, accountId: below.accountId });
    expect(balanceOf("lender_funds", after!)).toEqual(balanceOf("lender_funds", funds!));
    expect(await invest(t.app.db, input(below, 11_900_000, "kurang-2"))).toMatchObject({ investment: { amount: 11_900_000 } });
  });

  it("counts only what is at risk: a cancelled application's reservation frees the headroom", async () => {
    const lender = await lenderWithFunds(t.app.db, "batas.batal@contoh.co.id", 10_000_000, TODAY, 60_000_000);
    const first = await openApplication(10_000_000);
    const second = await openApplication(10_000_000);
    const input = (applicationId: string, key: string) => ({ customerId: lender.customerId, investmentAccountId: lender.accountId, applicationId, amount: 6_000_000, idempotencyKey: key, businessDate: TODAY });
    await invest(t.app.db, input(first, "batal-1"));
    expect(await invest(t.app.db, input(second, "batal-2")).catch(refusalOf)).toEqual([422, { amount: [expect.stringContaining("Sisa batas Anda Rp 0.")] }]);
    await t.app.db.transaction((tx) => cancelApplication(tx, first, { kind: "customer", id: lender.customerId }, TODAY));
    expect(await invest(t.app.db, input(second, "batal-3"))).toMatchObject({ investment: { amount: 6_000_000, status: "pending" } });
  });

  it("refuses a customer who never registered as a lender (POST investments: 422, nothing changed)", async () => {
    const applicationId = await openApplication();
    const budi = await sessionFor(t.app.db, "budi@pinjaman.test");
    const [account] = await t.app.db.insert(schema.accounts).values({ customerId: budi.customerId, typeKey: "investment", status: "active" }).returning();
    const deposit = await t.app.inject({
      method: "POST",
      url: `/app_api/v1/accounts/${account!.id}/deposits`,
      headers: budi.headers,
      payload: { data: { amount: 1_000_000, idempotency_key: "budi-tanpa-profil" } },
    });
    expect(deposit.statusCode).toBe(201);
    const counts = await rowCounts(t.database);
    const res = await t.app.inject({
      method: "POST",
      url: `/app_api/v1/accounts/${account!.id}/investments`,
      headers: budi.headers,
      payload: { data: { account_application_id: applicationId, amount: 100_000, idempotency_key: "budi-invest-1" } },
    });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { error: { code: "validation_failed", message: expect.any(String), fields: { amount: ["Selesaikan pendaftaran Pemberi Dana sebelum mendanai."] } } },
    ]);
    expect(await rowCounts(t.database)).toEqual(counts);
    expect(await t.app.db.select().from(schema.investments).where(eq(schema.investments.customerId, budi.customerId))).toEqual([]);
  });
});
