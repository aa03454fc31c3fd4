import { schema } from "@pinjaman/db";
import { SANDBOX_CHANNEL_CODES, hasChannelFormat } from "@pinjaman/domain/virtual-accounts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { SANDBOX_PAYMENT_GATEWAY_SECRET } from "../../config.ts";
import { sandboxBank } from "../../integrations/bank/sandbox-bank.ts";
import { investmentAccountOf } from "../accounts/sandbox-accounts.ts";
import { lastCode, wrongCode } from "../authentication/auth-test-kit.ts";
import { withBankAccount } from "../disbursal/sandbox-loans.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { signNotification } from "../repayments/gateway-signature.ts";
import { runDueWithdrawals } from "./withdrawal-run.ts";

const APP = "/app_api/v1";
const HOOK = "/pub_api/v1/payment_gateway/notifications";
const NOT_FOUND = { error: { code: "account_not_found", message: "Rekening investasi tidak ditemukan." } };

// The sandbox bank refuses every first call and call after (retryable): the first attempt of a
// withdrawal stays `processing`; tests then run the retry job with a bank that pays or not.
let t: TestApp;
let sari: TestSession;
let budi: TestSession;
let accountId: string;
let sariPhone: string;
beforeAll(async () => {
  t = await testApp({ SANDBOX_BANK_DISBURSAL: "fail" });
  sari = await sessionFor(t.app.db, "sari@pinjaman.test");
  budi = await sessionFor(t.app.db, "budi@pinjaman.test");
  accountId = await investmentAccountOf(t.app.db, sari.customerId);
  const [c] = await t.app.db.select().from(schema.customers).where(eq(schema.customers.id, sari.customerId));
  sariPhone = c!.phone ?? c!.email;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (path: string, who: TestSession = sari, id = accountId) => t.app.inject({ method: "GET", url: `${APP}/accounts/${id}/${path}`, headers: who.headers });
const post = (path: string, data: unknown, who: TestSession = sari, id = accountId) =>
  t.app.inject({ method: "POST", url: `${APP}/accounts/${id}/${path}`, headers: who.headers, payload: { data } as object });
const notify = (body: object, signature?: string | null) => {
  const raw = JSON.stringify(body);
  const sig = signature === undefined ? signNotification(raw, SANDBOX_PAYMENT_GATEWAY_SECRET) : signature;
  return t.app.inject({ method: "POST", url: HOOK, headers: { "content-type": "application/json", ...(sig === null ? {} : { "x-signature": sig }) }, payload: raw });
};
const available = async () => (await get("balance")).json().data.available as number;
const paymentCount = async () => (await t.app.db.select({ n: count() }).from(schema.payments))[0]!.n;

describe("payment options and top-ups", () => {
  it("lists every channel with the lender's own top-up VA and how to pay; the numbers are stable", async () => {
    const res = await get("payment_options");
    expect(res.statusCode, res.body).toBe(200);
    const channels = res.json().data.channels as { key: string; name: string; virtual_account_number: string; preferred: boolean; methods: { key: string; steps: string[] }[] }[];
    expect(channels.map((c) => c.key)).toEqual(["bca_va", "bni_va", "bri_va", "mandiri_va", "permata_va", "cimb_va"]);
    expect(channels[0]).toMatchObject({ name: "Virtual Account BCA", preferred: true });
    for (const c of channels) expect(hasChannelFormat(c.key as "bca_va", c.virtual_account_number)).toBe(true);
    expect(channels[0]!.methods.map((m) => m.key)).toEqual(["atm", "mobile_banking", "internet_banking"]);
    expect(channels[0]!.methods[0]!.steps[2]).toBe(`Masukkan nomor virtual account ${channels[0]!.virtual_account_number}, lalu pilih "Benar".`);
    expect(channels[0]!.virtual_account_number.startsWith(SANDBOX_CHANNEL_CODES.bca_va)).toBe(true);
    expect((await get("payment_options")).json()).toEqual(res.json());
    // Stored on the investment account: a lender's VA is told apart from a loan's by its account.
    const stored = await t.app.db.select().from(schema.virtualAccounts).where(eq(schema.virtualAccounts.accountId, accountId));
    expect(stored).toHaveLength(6);
  });

  it("answers another customer's investment account and a loan-less id with 404", async () => {
    expect((await get("payment_options", budi)).json()).toEqual(NOT_FOUND);
    expect((await get("payment_options", sari, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("credits a signed notification on the lender's VA once: topped_up, deposit transfer, replay 200 replayed", async () => {
    const bni = ((await get("payment_options")).json().data.channels as { key: string; virtual_account_number: string }[]).find((c) => c.key === "bni_va")!;
    const before = await available();
    const body = { transaction_id: "gw-topup-1", channel: "bni_va", virtual_account_number: bni.virtual_account_number, amount: 3_000_000, paid_at: "2026-11-24T03:00:00Z" };
    const res = await notify(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ payment_id: expect.any(String), status: "topped_up", parked_reason: null, replayed: false });
    expect(await available()).toBe(before + 3_000_000);
    const [transfer] = await t.app.db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.reference, `payment:${res.json().data.payment_id}`));
    expect(transfer).toMatchObject({ code: "deposit", mode: "single_phase", amount: 3_000_000 });
    const counts = await rowCounts(t.database);
    const again = await notify(body);
    expect(again.json().data).toEqual({ ...res.json().data, replayed: true });
    expect(await rowCounts(t.database)).toEqual(counts);
    expect(await available()).toBe(before + 3_000_000);
  });

  it("refuses a bad signature with 401 and stores nothing; parks an unknown VA in suspense", async () => {
    const counts = await rowCounts(t.database);
    const body = { transaction_id: "gw-topup-2", channel: "bca_va", virtual_account_number: "3935899999999999", amount: 50_000, paid_at: "2026-11-24T03:00:00Z" };
    expect((await notify(body, "0".repeat(64))).statusCode).toBe(401);
    expect((await notify(body, null)).statusCode).toBe(401);
    expect(await rowCounts(t.database)).toEqual(counts);
    const parked = await notify(body);
    expect(parked.json().data).toMatchObject({ status: "parked", parked_reason: "unknown_virtual_account" });
    expect(await paymentCount()).toBe(counts.payments! + 1);
  });

  it("sandbox deposits go through the same top-up path (a topped_up payment on the VA), keeping their answer", async () => {
    const before = await available();
    const res = await post("deposits", { amount: 20_000_000, idempotency_key: "sandbox-topup-1", channel: "bri_va" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 20_000_000, replayed: false, balance: { available: before + 20_000_000, reserved: 0 } });
    const [payment] = await t.app.db.select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `sandbox_deposit:${accountId}:sandbox-topup-1`));
    expect(payment).toMatchObject({ status: "topped_up", source: "sandbox", channel: "bri_va", accountId, amount: 20_000_000 });
    const again = await post("deposits", { amount: 20_000_000, idempotency_key: "sandbox-topup-1", channel: "bri_va" });
    expect([again.statusCode, again.json().data.transfer_id, again.json().data.replayed]).toEqual([200, res.json().data.transfer_id, true]);
    const conflict = await post("deposits", { amount: 10_000_000, idempotency_key: "sandbox-topup-1" });
    expect(conflict.statusCode).toBe(409);
    expect(await available()).toBe(before + 20_000_000);
  });
});

describe("withdrawals", () => {
  const codeFor = async (amount: number, who = sari, id = accountId) => {
    const res = await post("withdrawals/code", { amount }, who, id);
    expect(res.statusCode, res.body).toBe(201);
    return { signatureId: res.json().data.signature_id as string, code: await lastCode(t.app.db, sariPhone) };
  };

  it("needs a verified bank account: 422 without one, nothing sent", async () => {
    const counts = await rowCounts(t.database);
    const res = await post("withdrawals/code", { amount: 100_000 });
    expect([res.statusCode, res.json().error.code]).toEqual([422, "bank_account_missing"]);
    expect(res.json().error.message).toBe("Anda belum memiliki rekening bank terverifikasi untuk penarikan.");
    expect(await rowCounts(t.database)).toEqual(counts);
    await withBankAccount(t.app.db, sari.customerId, "8800112233");
  });

  it("refuses below the minimum (Rp 50.000) and above the available balance", async () => {
    expect((await post("withdrawals/code", { amount: 49_999 })).json().error.fields).toEqual({ amount: ["Minimal 50000"] });
    const over = await post("withdrawals/code", { amount: (await available()) + 1 });
    expect([over.statusCode, over.json().error.fields]).toEqual([422, { amount: ["Nominal melebihi saldo tersedia di rekening investasi Anda."] }]);
  });

  it("refuses a wrong code (attempts left) and a code sent for another amount; nothing reserved", async () => {
    const before = await available();
    const { signatureId, code } = await codeFor(100_000);
    const wrong = await post("withdrawals", { amount: 100_000, idempotency_key: "tarik-wrong-1", signature_id: signatureId, code: wrongCode(code) });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([422, "wrong_code"]);
    const other = await post("withdrawals", { amount: 200_000, idempotency_key: "tarik-other-1", signature_id: signatureId, code });
    expect([other.statusCode, other.json().error.fields]).toEqual([422, { code: ["Kode verifikasi ini bukan untuk penarikan dengan nominal ini. Minta kode baru."] }]);
    expect(await available()).toBe(before);
    expect((await get("withdrawals")).json().data).toEqual([]);
  });

  it("refuses an expired code with 410", async () => {
    const { signatureId, code } = await codeFor(100_000);
    await t.app.db.update(schema.signatures).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(schema.signatures.id, signatureId));
    const res = await post("withdrawals", { amount: 100_000, idempotency_key: "tarik-expired", signature_id: signatureId, code });
    expect([res.statusCode, res.json().error.code]).toEqual([410, "code_expired"]);
  });

  it("reserves at once, retries while the bank is down, posts when it pays; a double click withdraws once", async () => {
    const before = await available();
    const { signatureId, code } = await codeFor(1_000_000);
    const data = { amount: 1_000_000, idempotency_key: "tarik-ok-0001", signature_id: signatureId, code };
    const res = await post("withdrawals", data);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 1_000_000, status: "processing", status_label: "Diproses", reason: null, bank_code: "bca", account_number: "••••2233" });
    expect((await get("balance")).json().data).toMatchObject({ available: before - 1_000_000, reserved: 1_000_000 });
    const again = await post("withdrawals", data);
    expect([again.statusCode, again.json().data.id]).toEqual([200, res.json().data.id]);
    // A used code authorises nothing more, and the key cannot name another withdrawal.
    const reused = await post("withdrawals", { ...data, idempotency_key: "tarik-ok-0002" });
    expect([reused.statusCode, reused.json().error.code]).toEqual([409, "signature_closed"]);
    expect((await post("withdrawals", { ...data, amount: 900_000 })).statusCode).toBe(409);

    const later = new Date(Date.now() + 60 * 60_000);
    expect(await runDueWithdrawals(t.app.db, sandboxBank(t.app.db, "succeed"), later)).toEqual(["succeeded"]);
    const [w] = (await get("withdrawals")).json().data;
    expect(w).toMatchObject({ id: res.json().data.id, status: "succeeded", status_label: "Berhasil" });
    expect((await get("balance")).json().data).toMatchObject({ available: before - 1_000_000, reserved: 0 });
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("a bank that stays down: after the last retry the reservation is voided, the money available again, the reason shown", async () => {
    const before = await available();
    const { signatureId, code } = await codeFor(500_000);
    const res = await post("withdrawals", { amount: 500_000, idempotency_key: "tarik-down-001", signature_id: signatureId, code });
    expect(res.json().data.status).toBe("processing");
    let outcomes: string[] = [];
    for (let hour = 1; hour <= 24 && !outcomes.includes("failed"); hour++) outcomes = await runDueWithdrawals(t.app.db, sandboxBank(t.app.db, "fail"), new Date(Date.now() + hour * 3_600_000));
    expect(outcomes).toEqual(["failed"]);
    const [w] = (await get("withdrawals")).json().data;
    expect(w).toMatchObject({ status: "failed", status_label: "Gagal", reason: "Bank tidak dapat dihubungi setelah beberapa kali percobaan. Dana dikembalikan ke saldo tersedia." });
    expect((await get("balance")).json().data).toMatchObject({ available: before, reserved: 0 });
  });

  it("a bank that refuses the account for good fails at once and returns the money", async () => {
    await withBankAccount(t.app.db, sari.customerId, "0000000000");
    const before = await available();
    const { signatureId, code } = await codeFor(60_000);
    const res = await post("withdrawals", { amount: 60_000, idempotency_key: "tarik-refused1", signature_id: signatureId, code });
    expect(res.json().data).toMatchObject({ status: "failed", reason: "Bank menolak transfer ke rekening Anda. Dana dikembalikan ke saldo tersedia." });
    expect(await available()).toBe(before);
    await withBankAccount(t.app.db, sari.customerId, "8800112233");
  });

  it("is 404 on another customer's investment account, for every withdrawal call", async () => {
    expect((await get("withdrawals", budi)).json()).toEqual(NOT_FOUND);
    expect((await post("withdrawals/code", { amount: 100_000 }, budi)).json()).toEqual(NOT_FOUND);
    expect((await post("withdrawals", { amount: 100_000, idempotency_key: "tarik-budi-01", signature_id: "00000000-0000-4000-8000-000000000000", code: "123456" }, budi)).json()).toEqual(NOT_FOUND);
  });
});
