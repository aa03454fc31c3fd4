import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain/dates";
import { count, eq } from "drizzle-orm";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { testConfig } from "../../../test/harness.ts";
import { ConfigError, SANDBOX_PAYMENT_GATEWAY_SECRET } from "../../config.ts";
import { registerErrorHandling } from "../../plugins/errors.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import type { TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { signNotification } from "./gateway-signature.ts";
import { paymentGatewayRoutes, sandboxPaymentRoutes } from "./routes.ts";

const APP = "/app_api/v1";
const HOOK = "/pub_api/v1/payment_gateway/notifications";
const today = jakartaToday();
const t = appWithSessions({ budi: "budi@pinjaman.test", sari: "sari@pinjaman.test" });
let n = 0;

/** Budi's 2 000 000 loan, 4 months at 0.1 %/day, disbursed ten days ago, one lender. */
const budisLoan = () => activeLoanFor(t.app.db, t.budi.customerId, { effectiveOn: addDays(today, -10) });

const pay = (accountId: string, who: TestSession, data: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `${APP}/accounts/${accountId}/payments`, headers: who.headers, payload: { data } });
const notify = (body: string, signature: string | null) =>
  t.app.inject({ method: "POST", url: HOOK, headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-signature": signature }) }, payload: body });
const signed = (body: string) => notify(body, signNotification(body, SANDBOX_PAYMENT_GATEWAY_SECRET));
const paymentCount = async () => (await t.app.db.select({ n: count() }).from(schema.payments))[0]!.n;
const transferCount = async () => (await t.app.db.select({ n: count() }).from(schema.ledgerTransfers))[0]!.n;

describe("POST accounts/{id}/payments (sandbox)", () => {
  it("pays into the loan's virtual account: 201 with the allocation; the same key answers 200 and pays once; another amount under it is 409", async () => {
    const loan = await budisLoan();
    const res = await pay(loan.accountId, t.budi, { channel: "bni_va", amount: 100_000, idempotency_key: "bayar-1" });
    expect(res.statusCode, res.body).toBe(201);
    const bni = loan.virtualAccounts.find((v) => v.channel === "bni_va")!;
    expect(res.json().data).toEqual({
      id: expect.any(String),
      account_id: loan.accountId,
      channel: "bni_va",
      virtual_account_number: bni.number,
      amount: 100_000,
      paid_on: today,
      // Nothing is due yet: the next instalment (560 000) is paid from its interest.
      allocation: { late_fee: 0, interest: 60_000, principal: 40_000, credit: 0, credit_used: 0, waived_interest: 0 },
      account_status: "active",
      status: "allocated",
      parked_reason: null,
    });
    const transfers = await transferCount();
    const again = await pay(loan.accountId, t.budi, { channel: "bni_va", amount: 100_000, idempotency_key: "bayar-1" });
    expect([again.statusCode, again.json().data.id]).toEqual([200, res.json().data.id]);
    expect(await transferCount()).toBe(transfers);
    const reused = await pay(loan.accountId, t.budi, { channel: "bni_va", amount: 200_000, idempotency_key: "bayar-1" });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.fields).toEqual({ idempotency_key: ["Kunci idempotensi ini sudah dipakai untuk pembayaran lain dengan nominal atau metode berbeda."] });
  });

  it("is the owner's only (another customer's loan is 404) and needs a channel the loan has a virtual account on (422)", async () => {
    const loan = await budisLoan();
    const before = await paymentCount();
    const foreign = await pay(loan.accountId, t.sari, { channel: "bca_va", amount: 100_000, idempotency_key: "x" });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, "account_not_found"]);
    const [bare] = await t.app.db.insert(schema.accounts).values({ customerId: t.budi.customerId, typeKey: "loan", productKey: "spl", status: "pending" }).returning();
    const noVa = await pay(bare!.id, t.budi, { channel: "bca_va", amount: 100_000, idempotency_key: "x" });
    expect(noVa.statusCode).toBe(422);
    expect(noVa.json().error.fields).toEqual({ channel: ["Virtual account untuk metode ini belum tersedia pada pinjaman Anda"] });
    expect((await pay(loan.accountId, t.budi, { channel: "bca_va", amount: 0, idempotency_key: "x" })).statusCode).toBe(400);
    expect(await paymentCount()).toBe(before);
  });

  it("payments/new shows the payoff amount of today; paying it closes the loan (Lunas) and the credit left leaves the loan for its refund", async () => {
    const loan = await budisLoan();
    const before = (await t.app.inject({ method: "GET", url: `${APP}/accounts/${loan.accountId}/payments/new`, headers: t.budi.headers })).json().data;
    // Ten days of 2 000 000 at 0.1 %: 20 000 interest earned; the other 220 000 scheduled is waived.
    expect([before.payoff_amount, before.credit_balance, before.next_amount]).toEqual([2_020_000, 0, 560_000]);
    const res = await pay(loan.accountId, t.budi, { channel: "bca_va", amount: 2_025_000, idempotency_key: "lunas" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ account_status: "closed", allocation: { principal: 2_000_000, interest: 20_000, credit: 5_000, waived_interest: 220_000 } });
    const after = (await t.app.inject({ method: "GET", url: `${APP}/accounts/${loan.accountId}/payments/new`, headers: t.budi.headers })).json().data;
    // The 5 000 left goes to Budi's other loan or back to his bank account (closing-credit.test.ts): none stays on the closed loan.
    expect([after.payoff_amount, after.credit_balance, after.amount_due, after.next_due_on]).toEqual([0, 0, 0, null]);
    const detail = (await t.app.inject({ method: "GET", url: `${APP}/accounts/${loan.accountId}`, headers: t.budi.headers })).json().data;
    expect(detail.closing_credit).toMatchObject({ amount: 5_000, outcome: expect.stringMatching(/^(moved|refund_pending)$/) });
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });
});

describe("POST pub_api/v1/payment_gateway/notifications", () => {
  const body = (va: string, amount: number, id = `gw-${++n}`, channel = "bca_va") =>
    JSON.stringify({ transaction_id: id, channel, virtual_account_number: va, amount, paid_at: "2026-11-24T03:04:05Z" });

  it("parks a signed notification far above the payoff (Rp10 trillion on a Rp2 million loan) and leaves the loan as it was", async () => {
    const loan = await budisLoan();
    const bca = loan.virtualAccounts.find((v) => v.channel === "bca_va")!;
    const res = await signed(body(bca.number, 10_000_000_000_000));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ payment_id: expect.any(String), status: "parked", parked_reason: "above_payoff", replayed: false });
    const after = (await t.app.inject({ method: "GET", url: `${APP}/accounts/${loan.accountId}/payments/new`, headers: t.budi.headers })).json().data;
    expect([after.payoff_amount, after.credit_balance]).toEqual([2_020_000, 0]);
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("allocates a signed notification; a replay answers the stored result and posts nothing", async () => {
    const loan = await budisLoan();
    const bca = loan.virtualAccounts.find((v) => v.channel === "bca_va")!;
    const text = body(bca.number, 560_000, "gw-replay");
    const first = await signed(text);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ payment_id: expect.any(String), status: "allocated", parked_reason: null, replayed: false });
    const [stored] = await t.app.db.select().from(schema.payments).where(eq(schema.payments.id, first.json().data.payment_id));
    expect(stored).toMatchObject({ source: "gateway", amount: 560_000, interest: 60_000, principal: 500_000, paidAt: new Date("2026-11-24T03:04:05Z") });
    const transfers = await transferCount();
    const replay = await signed(text);
    expect(replay.json().data).toEqual({ ...first.json().data, replayed: true });
    expect(await transferCount()).toBe(transfers);
  });

  it("refuses a missing or wrong signature with 401 and stores nothing", async () => {
    const loan = await budisLoan();
    const text = body(loan.virtualAccounts[0]!.number, 560_000, "gw-unsigned", loan.virtualAccounts[0]!.channel);
    const [payments, transfers] = [await paymentCount(), await transferCount()];
    const answers = [
      await notify(text, null),
      await notify(text, "0".repeat(64)),
      await notify(text, signNotification(text, "another-secret-of-the-same-length-as-it")),
      await notify(text, signNotification(text.replace("560000", "560001"), SANDBOX_PAYMENT_GATEWAY_SECRET)),
      await notify(text, "not hex"),
    ];
    for (const res of answers) expect([res.statusCode, res.json().error.code]).toEqual([401, "invalid_signature"]);
    expect(answers[0]!.json().error.message).toBe("Tanda tangan notifikasi tidak valid.");
    expect([await paymentCount(), await transferCount()]).toEqual([payments, transfers]);
  });

  it("parks an unknown virtual account and an impossible amount, answering 200 so the gateway stops retrying", async () => {
    const loan = await budisLoan();
    const unknown = await signed(body("1234567890123456", 75_000));
    expect(unknown.json().data).toMatchObject({ status: "parked", parked_reason: "unknown_virtual_account", replayed: false });
    const zero = await signed(body(loan.virtualAccounts[0]!.number, 0, undefined, loan.virtualAccounts[0]!.channel));
    expect(zero.json().data).toMatchObject({ status: "parked", parked_reason: "invalid_amount" });
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("answers a signed body that is not JSON or not a notification with 400", async () => {
    expect((await signed("{not json")).statusCode).toBe(400);
    const wrong = await signed(JSON.stringify({ transaction_id: "x", amount: -5 }));
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, "validation_failed"]);
  });
});

describe("outside the sandbox", () => {
  async function bare(env: Record<string, string>) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("config", testConfig({ SANDBOX: "0", COMPANY_API_KEY: "k".repeat(32), ...env }));
    app.decorate("db", t.app.db);
    registerErrorHandling(app);
    return app;
  }

  it("has no sandbox payments route, and the webhook will not start without PAYMENT_GATEWAY_SECRET", async () => {
    const app = await bare({});
    await expect(app.register(paymentGatewayRoutes, { prefix: "/pub_api/v1" })).rejects.toBeInstanceOf(ConfigError);
    await app.close().catch(() => undefined);
    const configured = await bare({ PAYMENT_GATEWAY_SECRET: "s".repeat(32) });
    await configured.register(sandboxPaymentRoutes, { prefix: APP });
    const res = await configured.inject({ method: "POST", url: `${APP}/accounts/${crypto.randomUUID()}/payments`, payload: { data: {} } });
    expect(res.statusCode).toBe(404);
    await configured.close();
  });
});
