import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, testConfig, type TestApp } from "../../../test/harness.ts";
import { investmentAccountOf } from "../accounts/sandbox-accounts.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { accessPlugin } from "../../plugins/access.ts";
import { ledgerInvariantViolations } from "./ledger-invariants.ts";
import { lenderFundsRoutes } from "./routes.ts";

const NOT_FOUND = { error: { code: "account_not_found", message: "Rekening investasi tidak ditemukan." } };

describe("a lender's funds through app_api/v1 (sandbox deposit and balance)", () => {
  let t: TestApp;
  let sari: TestSession;
  let budi: TestSession;
  let accountId: string;
  beforeAll(async () => {
    t = await testApp();
    sari = await sessionFor(t.database.db, "sari@pinjaman.test");
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    accountId = await investmentAccountOf(t.database.db, sari.customerId);
  });
  afterAll(() => t.close());

  const balance = (who: TestSession, id = accountId) => t.app.inject({ method: "GET", url: `/app_api/v1/accounts/${id}/balance`, headers: who.headers });
  const deposit = (who: TestSession, data: unknown, id = accountId) =>
    t.app.inject({ method: "POST", url: `/app_api/v1/accounts/${id}/deposits`, headers: who.headers, payload: { data } as object });

  it("shows a seeded lender's empty investment account", async () => {
    const res = await balance(sari);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { account_id: accountId, currency: "IDR", available: 0, reserved: 0 } });
  });

  it("deposits 2.5 billion rupiah once, however often the same request is sent", async () => {
    const first = await deposit(sari, { amount: 2_500_000_000, idempotency_key: "topup-2026-11-24-001" });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body).toEqual({
      data: { transfer_id: expect.any(String), amount: 2_500_000_000, replayed: false, balance: { account_id: accountId, currency: "IDR", available: 2_500_000_000, reserved: 0 } },
    });
    const counts = await rowCounts(t.database);
    const again = await deposit(sari, { amount: 2_500_000_000, idempotency_key: "topup-2026-11-24-001" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { ...body.data, replayed: true } });
    expect(await rowCounts(t.database)).toEqual(counts);
    const [transfer] = await t.database.db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.id, body.data.transfer_id));
    // The sandbox plays the gateway (decision 0020): a top-up payment on the lender's VA, its deposit keyed by the payment.
    const [payment] = await t.database.db.select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `sandbox_deposit:${accountId}:topup-2026-11-24-001`));
    expect(payment).toMatchObject({ status: "topped_up", source: "sandbox", channel: "bca_va", amount: 2_500_000_000, accountId });
    expect(transfer).toMatchObject({ mode: "single_phase", code: "deposit", amount: 2_500_000_000, reference: `payment:${payment!.id}`, idempotencyKey: `payment:${payment!.id}:deposit` });
  });

  it("refuses the same key with another amount: 409, nothing changed", async () => {
    const counts = await rowCounts(t.database);
    const res = await deposit(sari, { amount: 1_000_000, idempotency_key: "topup-2026-11-24-001" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: "idempotency_conflict", message: "Kunci idempotensi ini sudah dipakai untuk setoran dengan nominal lain." } });
    expect(await rowCounts(t.database)).toEqual(counts);
    expect((await balance(sari)).json().data.available).toBe(2_500_000_000);
  });

  it("refuses amounts out of range and malformed keys with field messages, nothing changed", async () => {
    const counts = await rowCounts(t.database);
    for (const [data, fields] of [
      [{ amount: 9_999, idempotency_key: "topup-small-0001" }, { amount: ["Minimal 10000"] }],
      [{ amount: 1_000_000_000_001, idempotency_key: "topup-large-0001" }, { amount: ["Maksimal 1000000000000"] }],
      [{ amount: 50_000, idempotency_key: "short" }, { idempotency_key: ["Minimal 8 karakter"] }],
      [{ amount: 50_000, idempotency_key: "has spaces in it" }, { idempotency_key: ["Format tidak valid"] }],
      [{ idempotency_key: "topup-missing-01" }, { amount: ["Wajib diisi"] }],
      [{ amount: 50_000.5, idempotency_key: "topup-fraction-1" }, { amount: ["Format isian tidak sesuai"] }],
      [{ amount: "50000", idempotency_key: "topup-string-01" }, { amount: ["Format isian tidak sesuai"] }],
      [{ amount: null, idempotency_key: "topup-null-0001" }, { amount: ["Format isian tidak sesuai"] }],
    ] as const) {
      const res = await deposit(sari, data);
      expect([res.statusCode, res.json().error], JSON.stringify(data)).toEqual([400, { code: "validation_failed", message: expect.any(String), fields }]);
    }
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("answers 404 for another customer's account, a loan account or an unknown id, nothing changed", async () => {
    const [loan] = await t.database.db.insert(schema.accounts).values({ customerId: sari.customerId, typeKey: "loan", status: "active" }).returning();
    const counts = await rowCounts(t.database);
    for (const [who, id] of [[budi, accountId], [sari, loan!.id], [sari, "00000000-0000-4000-8000-000000000001"]] as const) {
      const dep = await deposit(who, { amount: 50_000, idempotency_key: "topup-foreign-001" }, id);
      expect([dep.statusCode, dep.json()]).toEqual([404, NOT_FOUND]);
      const bal = await balance(who, id);
      expect([bal.statusCode, bal.json()]).toEqual([404, NOT_FOUND]);
    }
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("leaves the books sound", async () => {
    expect(await ledgerInvariantViolations(t.database.db)).toEqual([]);
  });

  it("has no deposit route outside the sandbox; the balance stays", async () => {
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    bare.decorate("db", t.database.db);
    bare.decorate("config", { ...testConfig(), sandbox: false });
    await bare.register(accessPlugin);
    await bare.register(lenderFundsRoutes, { prefix: "/app_api/v1" });
    await bare.ready();
    expect(bare.hasRoute({ method: "POST", url: "/app_api/v1/accounts/:id/deposits" })).toBe(false);
    expect(bare.hasRoute({ method: "GET", url: "/app_api/v1/accounts/:id/balance" })).toBe(true);
    await bare.close();
  });
});
