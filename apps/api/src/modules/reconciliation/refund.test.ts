import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain/dates";
import { balanceOf } from "@pinjaman/domain/ledger";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp } from "../../../test/harness.ts";
import { SANDBOX_REFUSED_ACCOUNT_NUMBER } from "../../integrations/bank/sandbox-bank.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { parkedPayment } from "./reconciliation-test-kit.ts";

const BO = "/app_api/v1/back_office";
const today = jakartaToday();
const SITI = { bank_code: "bri", account_number: "0123-4567 8901", account_name: "Siti Aminah" };
const REASON = "Pengirim bukan nasabah kami; dikembalikan ke rekening asal.";

/** The test app, its operator and a customer, for one bank behaviour (SANDBOX_BANK_DISBURSAL). */
async function setUp(env: Record<string, string> = {}) {
  const t = await testApp(env);
  const operator = await sessionFor(t.app.db, "operator@pinjaman.test");
  const budi = await sessionFor(t.app.db, "budi@pinjaman.test");
  const db = t.app.db;
  return {
    t,
    operator,
    budi,
    parked: (amount: number, va?: string) => parkedPayment(t.app, amount, va),
    refund: (id: string, body: unknown, who: TestSession = operator) =>
      t.app.inject({ method: "POST", url: `${BO}/parked_payments/${id}/refund`, headers: who.headers, payload: body as Record<string, unknown> }),
    balance: async (kind: "payment_suspense" | "bank_escrow") => balanceOf(kind, (await findLedgerAccount(db, kind))!).posted,
    refundMoves: (id: string) => db.select().from(schema.ledgerTransfers).where(eq(schema.ledgerTransfers.idempotencyKey, `payment:${id}:refunded`)),
    bankMemory: (reference: string) => db.select().from(schema.sandboxBankTransfers).where(eq(schema.sandboxBankTransfers.reference, reference)),
    actions: (id: string) => db.select().from(schema.staffActions).where(eq(schema.staffActions.subjectId, id)).orderBy(asc(schema.staffActions.createdAt)),
  };
}

describe("POST back_office/parked_payments/{id}/refund (the bank pays)", () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  }, 120_000);
  afterAll(async () => {
    await s?.t.close();
  });

  it("pays the payer's account and moves the money out of suspense once: payment_suspense → bank_escrow, audited", async () => {
    const id = await s.parked(90_000);
    const [suspense, escrow] = [await s.balance("payment_suspense"), await s.balance("bank_escrow")];
    const res = await s.refund(id, { ...SITI, account_name: "  Siti Aminah ", reason: `  ${REASON} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      payment: {
        id,
        reconciliation: "refunded",
        reason: REASON,
        refund: { bank_code: "bri", account_number: "012345678901", account_name: "Siti Aminah", attempts: 1, last_error: null, account_refused: false, bank_reference: `SBX-refund:${id}` },
      },
      allocated_payment_id: null,
      replayed: false,
    });
    // The bank was asked once, with the refund's own reference and the digits only.
    expect(await s.bankMemory(`refund:${id}`)).toEqual([expect.objectContaining({ amount: 90_000, bankCode: "bri", accountNumber: "012345678901", accountName: "Siti Aminah", calls: 1 })]);
    const moves = await s.refundMoves(id);
    expect(moves).toEqual([expect.objectContaining({ code: "payment_refunded", mode: "single_phase", amount: 90_000, reference: `payment:${id}`, businessDate: today })]);
    expect(await s.balance("payment_suspense")).toBe(suspense - 90_000);
    expect(await s.balance("bank_escrow")).toBe(escrow - 90_000);
    expect(await ledgerInvariantViolations(s.t.app.db)).toEqual([]);

    const actions = await s.actions(id);
    expect(actions.map((a) => [a.action, a.permission, a.staffId, a.reason])).toEqual([
      ["payment.refund", "payments.reconcile", s.operator.customerId, REASON],
      ["payment.refunded", "payments.reconcile", s.operator.customerId, REASON],
    ]);
    expect(actions[0]!.before).toMatchObject({ status: "parked", parked_reason: "unknown_virtual_account", amount: 90_000 });
    expect(actions[0]!.after).toMatchObject({ refund: "pending", bank_code: "bri", account_number: "012345678901", transfer_reference: `refund:${id}` });
    expect(actions[1]!.after).toEqual({ refund: "refunded", amount: 90_000, bank_reference: `SBX-refund:${id}` });

    const done = await s.t.app.inject({ method: "GET", url: `${BO}/parked_payments?state=done`, headers: s.operator.headers });
    expect(done.json().data.find((p: { id: string }) => p.id === id)).toMatchObject({ reconciliation: "refunded", refund: { bank_reference: `SBX-refund:${id}` } });
    const open = await s.t.app.inject({ method: "GET", url: `${BO}/parked_payments`, headers: s.operator.headers });
    expect(open.json().data.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it("refunds once: a double click and a replay answer 200 replayed, ask the bank nothing more; another account, or a match, is 409", async () => {
    const id = await s.parked(45_000);
    const body = { ...SITI, reason: REASON };
    const [a, b] = await Promise.all([s.refund(id, body), s.refund(id, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect([a, b].find((r) => r.statusCode === 200)!.json().data.replayed).toBe(true);
    const again = await s.refund(id, { ...body, reason: "Diklik lagi." });
    expect([again.statusCode, again.json().data.replayed, again.json().data.payment.reconciliation]).toEqual([200, true, "refunded"]);
    expect(await s.refundMoves(id)).toHaveLength(1);
    expect((await s.bankMemory(`refund:${id}`))[0]!.calls).toBe(1);

    const counts = await rowCounts(s.t.database);
    const elsewhere = await s.refund(id, { ...body, account_number: "9876543210" });
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([409, "payment_already_refunded"]);
    expect(elsewhere.json().error.message).toBe("Pembayaran ini sudah dikembalikan ke rekening lain.");
    const loan = await activeLoanFor(s.t.app.db, s.budi.customerId, { effectiveOn: addDays(today, -10) });
    const counts2 = await rowCounts(s.t.database);
    const match = await s.t.app.inject({ method: "POST", url: `${BO}/parked_payments/${id}/match`, headers: s.operator.headers, payload: { account_id: loan.accountId, reason: "Ternyata milik Budi." } });
    expect([match.statusCode, match.json().error.code]).toEqual([409, "payment_already_reconciled"]);
    expect(await rowCounts(s.t.database)).toEqual(counts2);
    expect(counts2.payment_refunds).toBe(counts.payment_refunds);
    expect(await ledgerInvariantViolations(s.t.app.db)).toEqual([]);
  });

  it("a closed account refused by the bank leaves the refund failed and the money in suspense; another account then pays, under a new reference", async () => {
    const id = await s.parked(30_000);
    const suspense = await s.balance("payment_suspense");
    const refused = await s.refund(id, { ...SITI, account_number: SANDBOX_REFUSED_ACCOUNT_NUMBER, reason: REASON });
    expect(refused.statusCode, refused.body).toBe(201);
    expect(refused.json().data.payment).toMatchObject({ reconciliation: "refund_failed", refund: { last_error: "account closed (sandbox)", account_refused: true, bank_reference: null, attempts: 1 } });
    expect(await s.refundMoves(id)).toEqual([]);
    expect(await s.balance("payment_suspense")).toBe(suspense);

    const fixed = await s.refund(id, { ...SITI, reason: "Nomor rekening diperbaiki sesuai bukti transfer." });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json().data.payment).toMatchObject({ reconciliation: "refunded", refund: { account_number: "012345678901", attempts: 2, bank_reference: `SBX-refund:${id}:2` } });
    expect(await s.refundMoves(id)).toEqual([expect.objectContaining({ amount: 30_000 })]);
    expect(await s.balance("payment_suspense")).toBe(suspense - 30_000);
    expect((await s.actions(id)).map((a) => a.action)).toEqual(["payment.refund", "payment.refund_failed", "payment.refund_retry", "payment.refunded"]);
    expect(await ledgerInvariantViolations(s.t.app.db)).toEqual([]);
  });

  it("refuses bad input with the bank step's field messages (400), a Rp0 payment (409), an unknown one (404), a customer (403); nothing changes", async () => {
    const id = await s.parked(20_000);
    const zero = await s.parked(0, "1234567891");
    const counts = await rowCounts(s.t.database);
    const bad: [unknown, Record<string, string[]>][] = [
      // A missing choice reads as an invalid one (field-errors.ts: zod's invalid_value).
      [{}, { bank_code: ["Isian tidak valid"], account_number: ["Wajib diisi"], account_name: ["Wajib diisi"], reason: ["Wajib diisi"] }],
      [{ ...SITI, account_number: "12-ab", reason: "Dicek." }, { account_number: ["Nomor rekening harus 6 sampai 20 angka."] }],
      [{ ...SITI, account_number: "1".repeat(21), reason: "Dicek." }, { account_number: ["Nomor rekening harus 6 sampai 20 angka."] }],
      [{ ...SITI, account_name: "S1", reason: "Dicek." }, { account_name: ["Nama pemilik rekening hanya berisi huruf, minimal 3 karakter."] }],
      [{ ...SITI, bank_code: "bank_antah", reason: "Dicek." }, { bank_code: ["Isian tidak valid"] }],
      [{ ...SITI, reason: "   " }, { reason: ["Minimal 1 karakter"] }],
    ];
    for (const [body, fields] of bad) {
      const res = await s.refund(id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: "validation_failed" });
      expect(res.json().error.fields).toEqual(fields);
    }
    const nothing = await s.refund(zero, { ...SITI, reason: "Dicek." });
    expect([nothing.statusCode, nothing.json().error.code]).toEqual([409, "nothing_to_refund"]);
    const missing = await s.refund(crypto.randomUUID(), { ...SITI, reason: "Dicek." });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, "payment_not_found"]);
    const customer = await s.refund(id, { ...SITI, reason: "Dicek." }, s.budi);
    expect([customer.statusCode, customer.json().error.code]).toEqual([403, "forbidden_role"]);
    expect(await rowCounts(s.t.database)).toEqual(counts);
  });
});

describe("POST back_office/parked_payments/{id}/refund (the bank is down once: SANDBOX_BANK_DISBURSAL=fail_once)", () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ SANDBOX_BANK_DISBURSAL: "fail_once" });
  }, 120_000);
  afterAll(async () => {
    await s?.t.close();
  });

  it("leaves the refund failed and nothing moved; the same account can only be asked again, which pays once with the same reference", async () => {
    const id = await s.parked(75_000);
    const suspense = await s.balance("payment_suspense");
    const first = await s.refund(id, { ...SITI, reason: REASON });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.payment).toMatchObject({ reconciliation: "refund_failed", refund: { last_error: "bank unavailable (sandbox)", account_refused: false, attempts: 1 } });
    expect(await s.refundMoves(id)).toEqual([]);
    expect(await s.balance("payment_suspense")).toBe(suspense);
    const done = await s.t.app.inject({ method: "GET", url: `${BO}/parked_payments?state=done`, headers: s.operator.headers });
    expect(done.json().data.find((p: { id: string }) => p.id === id)).toMatchObject({ reconciliation: "refund_failed" });

    // The bank may yet pay the first account: another one is refused, nothing changes.
    const counts = await rowCounts(s.t.database);
    const other = await s.refund(id, { ...SITI, account_number: "9876543210", reason: "Rekening lain." });
    expect([other.statusCode, other.json().error.code]).toEqual([409, "refund_account_fixed"]);
    expect(await rowCounts(s.t.database)).toEqual(counts);

    const retry = await s.refund(id, { ...SITI, reason: "Bank sudah normal kembali." });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data.payment).toMatchObject({ reconciliation: "refunded", refund: { attempts: 2, last_error: null, bank_reference: `SBX-refund:${id}` } });
    expect((await s.bankMemory(`refund:${id}`))[0]!.calls).toBe(2);
    expect(await s.refundMoves(id)).toHaveLength(1);
    expect(await s.balance("payment_suspense")).toBe(suspense - 75_000);
    const actions = await s.actions(id);
    expect(actions.map((a) => a.action)).toEqual(["payment.refund", "payment.refund_failed", "payment.refund_retry", "payment.refunded"]);
    expect(actions[1]!.after).toEqual({ refund: "failed", last_error: "bank unavailable (sandbox)", account_refused: false });
    expect(actions[2]!.reason).toBe("Bank sudah normal kembali.");
    expect(await ledgerInvariantViolations(s.t.app.db)).toEqual([]);
  });
});
