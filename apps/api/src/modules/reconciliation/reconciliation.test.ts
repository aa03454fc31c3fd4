import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain/dates";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { rowCounts } from "../../../test/harness.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import type { TestSession } from "../identity/test-sessions.ts";
import { findLedgerAccount } from "../ledger/ledger-service.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { parkedPayment as parkedOne } from "./reconciliation-test-kit.ts";

const BO = "/app_api/v1/back_office";
const today = jakartaToday();
const t = appWithSessions({ operator: "operator@pinjaman.test", budi: "budi@pinjaman.test" });

const parkedPayment = (amount: number, va?: string) => parkedOne(t.app, amount, va);

/** Budi's 2 000 000 loan, 4 months at 0.1 %/day, paid out ten days ago: the next instalment is 560 000 (500 000 + 60 000). */
const budisLoan = () => activeLoanFor(t.app.db, t.budi.customerId, { effectiveOn: addDays(today, -10) });

const match = (id: string, body: unknown, who: TestSession = t.operator) =>
  t.app.inject({ method: "POST", url: `${BO}/parked_payments/${id}/match`, headers: who.headers, payload: body as Record<string, unknown> });
const refund = (id: string, body: unknown, who: TestSession = t.operator) =>
  t.app.inject({ method: "POST", url: `${BO}/parked_payments/${id}/refund`, headers: who.headers, payload: body as Record<string, unknown> });
const transferCount = async () => (await t.app.db.select({ n: count() }).from(schema.ledgerTransfers))[0]!.n;
const suspense = async () => balanceOf("payment_suspense", (await findLedgerAccount(t.app.db, "payment_suspense"))!).posted;
const staffActionsOn = (id: string) => t.app.db.select().from(schema.staffActions).where(eq(schema.staffActions.subjectId, id));

describe("GET back_office/parked_payments and loans/search", () => {
  it("lists the open parked payments with their reason, and finds active loans by borrower name or VA number", async () => {
    const id = await parkedPayment(75_000);
    const loan = await budisLoan();
    const list = await t.app.inject({ method: "GET", url: `${BO}/parked_payments`, headers: t.operator.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.find((p: { id: string }) => p.id === id)).toMatchObject({ amount: 75_000, channel: "bca_va", parked_reason: "unknown_virtual_account", received_on: today, reconciliation: "open" });

    const byName = await t.app.inject({ method: "GET", url: `${BO}/loans/search?q=budi`, headers: t.operator.headers });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.map((l: { account_id: string }) => l.account_id)).toContain(loan.accountId);
    const va = loan.virtualAccounts[0]!.number;
    const byVa = await t.app.inject({ method: "GET", url: `${BO}/loans/search?q=${va}`, headers: t.operator.headers });
    expect(byVa.json().data).toEqual([expect.objectContaining({ account_id: loan.accountId, borrower_name: "Budi Santoso", principal_balance: 2_000_000 })]);

    const short = await t.app.inject({ method: "GET", url: `${BO}/loans/search?q=b`, headers: t.operator.headers });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ q: ["Minimal 2 karakter"] });
  });

  it("refuses customers (403) and callers without a session (401)", async () => {
    for (const url of [`${BO}/parked_payments`, `${BO}/loans/search?q=budi`]) {
      const res = await t.app.inject({ method: "GET", url, headers: t.budi.headers });
      expect([res.statusCode, res.json().error.code]).toEqual([403, "forbidden_role"]);
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});

describe("POST back_office/parked_payments/{id}/match", () => {
  it("books the parked money on the loan through the repayment allocation: suspense → clearing, invoice paid, lender's share, audited", async () => {
    const id = await parkedPayment(560_000);
    const loan = await budisLoan();
    const suspenseBefore = await suspense();
    const res = await match(id, { account_id: loan.accountId, reason: "  Budi salah ketik nomor VA; bukti transfer dicek.  " });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      payment: { id, reconciliation: "matched", matched_account_id: loan.accountId, reason: "Budi salah ketik nomor VA; bukti transfer dicek." },
      allocation: { late_fee: 0, interest: 60_000, principal: 500_000, credit: 0 },
      replayed: false,
    });
    // A new allocated payment on the loan; the parked row stays parked.
    const [allocated] = await t.app.db.select().from(schema.payments).where(eq(schema.payments.id, data.allocated_payment_id));
    expect(allocated).toMatchObject({ source: "reconciliation", status: "allocated", accountId: loan.accountId, amount: 560_000, interest: 60_000, principal: 500_000 });
    const [parked] = await t.app.db.select().from(schema.payments).where(eq(schema.payments.id, id));
    expect(parked).toMatchObject({ status: "parked", parkedReason: "unknown_virtual_account" });

    // The ledger: out of suspense into the loan's clearing; the receivable down by the principal.
    expect(await suspense()).toBe(suspenseBefore - 560_000);
    const [moved] = await t.app.db.select().from(schema.ledgerTransfers).where(and(eq(schema.ledgerTransfers.reference, `payment:${data.allocated_payment_id}`), eq(schema.ledgerTransfers.code, "payment_reconciled")));
    expect(moved).toMatchObject({ amount: 560_000, idempotencyKey: `payment:${data.allocated_payment_id}:reconciled` });
    const receivable = await findLedgerAccount(t.app.db, "loan_receivable", { customerId: t.budi.customerId, accountId: loan.accountId });
    expect(balanceOf("loan_receivable", receivable!).posted).toBe(1_500_000);
    const [account] = await t.app.db.select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(account!.principalBalance).toBe(1_500_000);
    const [invoice] = await t.app.db.select().from(schema.invoices).where(and(eq(schema.invoices.accountApplicationId, loan.applicationId), eq(schema.invoices.number, 1)));
    expect(invoice).toMatchObject({ status: "paid", paidPrincipal: 500_000, paidInterest: 60_000 });
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);

    const actions = await staffActionsOn(id);
    expect(actions).toEqual([
      expect.objectContaining({ staffId: t.operator.customerId, permission: "payments.reconcile", action: "payment.match", subjectType: "payment", reason: "Budi salah ketik nomor VA; bukti transfer dicek." }),
    ]);
    expect(actions[0]!.after).toMatchObject({ account_id: loan.accountId, principal: 500_000, interest: 60_000 });
  });

  it("matches once: a double click answers 200 replayed and moves nothing; another loan or a refund afterwards is 409", async () => {
    const id = await parkedPayment(100_000);
    const loan = await budisLoan();
    const other = await budisLoan();
    const body = { account_id: loan.accountId, reason: "Dicocokkan dengan mutasi bank." };
    const [a, b] = await Promise.all([match(id, body), match(id, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.allocated_payment_id).toBe(b.json().data.allocated_payment_id);
    const transfers = await transferCount();
    const again = await match(id, body);
    expect([again.statusCode, again.json().data.replayed]).toEqual([200, true]);
    expect(await transferCount()).toBe(transfers);
    expect(await t.app.db.select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, `reconciliation:${id}`))).toHaveLength(1);

    const counts = await rowCounts(t.database);
    const elsewhere = await match(id, { account_id: other.accountId, reason: "Salah pinjaman." });
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([409, "payment_already_reconciled"]);
    expect(elsewhere.json().error.message).toBe("Pembayaran ini sudah direkonsiliasi dengan cara lain.");
    const refused = await refund(id, { bank_code: "bca", account_number: "1234567890", account_name: "Siti Aminah", reason: "Dikembalikan." });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, "payment_already_reconciled"]);
    expect(await rowCounts(t.database)).toEqual(counts);
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("refuses bad input with field messages (400), an inactive loan on account_id (422), a payment that is not parked or of Rp0 (409), an unknown one (404); nothing changes", async () => {
    const id = await parkedPayment(50_000);
    const zero = await parkedPayment(0, "1234567890");
    const loan = await budisLoan();
    const [closed] = await t.app.db.insert(schema.accounts).values({ customerId: t.budi.customerId, typeKey: "loan", productKey: "spl", status: "closed" }).returning();
    const [allocated] = await t.app.db.select().from(schema.payments).where(eq(schema.payments.status, "allocated")).limit(1);
    const counts = await rowCounts(t.database);

    const bad: [unknown, Record<string, string[]>][] = [
      [{ reason: "Dicek." }, { account_id: ["Wajib diisi"] }],
      [{ account_id: "bukan-uuid", reason: "Dicek." }, { account_id: ["Format tidak valid"] }],
      [{ account_id: loan.accountId, reason: "   " }, { reason: ["Minimal 1 karakter"] }],
      [{ account_id: loan.accountId, reason: "x".repeat(1001) }, { reason: ["Maksimal 1000 karakter"] }],
    ];
    for (const [body, fields] of bad) {
      const res = await match(id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: "validation_failed", fields });
    }
    const inactive = await match(id, { account_id: closed!.id, reason: "Dicek." });
    expect(inactive.statusCode, inactive.body).toBe(422);
    expect(inactive.json().error.fields).toEqual({ account_id: ["Pilih pinjaman yang sedang aktif."] });
    const unknownLoan = await match(id, { account_id: crypto.randomUUID(), reason: "Dicek." });
    expect(unknownLoan.statusCode).toBe(422);
    const nothing = await match(zero, { account_id: loan.accountId, reason: "Dicek." });
    expect([nothing.statusCode, nothing.json().error.code]).toEqual([409, "nothing_to_match"]);
    const notParked = await match(allocated!.id, { account_id: loan.accountId, reason: "Dicek." });
    expect([notParked.statusCode, notParked.json().error.code]).toEqual([409, "payment_not_parked"]);
    const missing = await match(crypto.randomUUID(), { account_id: loan.accountId, reason: "Dicek." });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, "payment_not_found"]);
    expect((await t.app.inject({ method: "POST", url: `${BO}/parked_payments/xyz/match`, headers: t.operator.headers, payload: { account_id: loan.accountId, reason: "x" } })).statusCode).toBe(400);
    const customer = await match(id, { account_id: loan.accountId, reason: "Dicek." }, t.budi);
    expect([customer.statusCode, customer.json().error.code]).toEqual([403, "forbidden_role"]);
    expect(await rowCounts(t.database)).toEqual(counts);
  });
});
