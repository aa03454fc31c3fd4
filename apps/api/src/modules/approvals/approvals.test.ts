import { schema, type Db } from "@pinjaman/db";
import { jakartaToday } from "@pinjaman/domain/dates";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { lateLoanFixture } from "../collections/late-loan-fixture.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { openLedgerAccount } from "../ledger/ledger-service.ts";

const APP = "/app_api/v1/staff";

let t: TestApp;
let operator: TestSession;
let admin: TestSession;
let secondAdmin: TestSession;
let borrower: TestSession;
let today: string;

function call(session: TestSession | null, method: "GET" | "POST", url: string, payload?: unknown) {
  return t.app.inject({ method, url: `${APP}${url}`, headers: session ? session.headers : { "x-locale": "id" }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function staffActions(subjectId: string) {
  const rows = await t.app.db.select().from(schema.staffActions).where(eq(schema.staffActions.subjectId, subjectId));
  return rows.map((r) => ({ staff: r.staffId, permission: r.permission, action: r.action }));
}

beforeAll(async () => {
  t = await testApp();
  today = jakartaToday();
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
  admin = await sessionFor(t.app.db, "admin@pinjaman.test");
  // A second admin: the checker of the first admin's requests.
  const [other] = await t.app.db.insert(schema.customers).values({ name: "Admin Kedua", email: "admin2@pinjaman.test" }).returning({ id: schema.customers.id });
  await t.app.db.insert(schema.customerRoles).values({ customerId: other!.id, typeKey: "admin" });
  secondAdmin = await sessionFor(t.app.db, "admin2@pinjaman.test");
  const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45 });
  borrower = await sessionFor(t.app.db, loan.email);
});
afterAll(async () => {
  await t?.close();
});

describe("write-off maker-checker", () => {
  it("one staff member requests, another approves: the loan is written off in one step, audited; the maker can never approve", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 160 });
    const requested = await call(operator, "POST", "/write_off_requests", { account_id: loan.accountId, reason: "Tidak ada pembayaran lebih dari 90 hari" });
    expect(requested.statusCode, requested.body).toBe(201);
    const request = requested.json().data;
    expect(request).toMatchObject({ kind: "write_off", status: "pending", account_id: loan.accountId, requested_by: { id: operator.customerId }, decided_by: null });
    expect(request.days_past_due).toBeGreaterThan(90);

    // The operator holds no write_offs.approve: 403, and nothing changes.
    const before = await rowCounts(t.database);
    const byOperator = await call(operator, "POST", `/write_off_requests/${request.id}/decision`, { outcome: "approve", reason: "setuju" });
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().error.code).toBe("forbidden_role");
    expect(await rowCounts(t.database)).toEqual(before);

    // A second request for the same loan while one waits: 409.
    const twice = await call(admin, "POST", "/write_off_requests", { account_id: loan.accountId, reason: "lagi" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("request_pending");

    const approved = await call(admin, "POST", `/write_off_requests/${request.id}/decision`, { outcome: "approve", reason: "Disetujui, penagihan gagal" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: "approved", decided_by: { id: admin.customerId }, amount: 4_000_000, decision_reason: "Disetujui, penagihan gagal" });
    const [account] = await t.app.db.select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(account!.status).toBe("written_off");
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
    expect(await staffActions(loan.accountId)).toEqual([
      { staff: operator.customerId, permission: "write_offs.request", action: "write_off.request" },
      { staff: admin.customerId, permission: "write_offs.approve", action: "write_off.approve" },
    ]);

    // The same approval again (a double click): the same answer, nothing moves.
    const counts = await rowCounts(t.database);
    const again = await call(admin, "POST", `/write_off_requests/${request.id}/decision`, { outcome: "approve", reason: "Disetujui, penagihan gagal" });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe("approved");
    expect(await rowCounts(t.database)).toEqual(counts);
    // Another decision on a decided request: 409.
    const reject = await call(secondAdmin, "POST", `/write_off_requests/${request.id}/decision`, { outcome: "reject", reason: "terlambat" });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().error.code).toBe("already_decided");
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("an admin cannot approve their own request (403 own_request, nothing changes); another admin can reject it", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 160 });
    const requested = await call(admin, "POST", "/write_off_requests", { account_id: loan.accountId, reason: "Diajukan admin" });
    expect(requested.statusCode).toBe(201);
    const id = requested.json().data.id;
    const before = await rowCounts(t.database);
    const own = await call(admin, "POST", `/write_off_requests/${id}/decision`, { outcome: "approve", reason: "saya sendiri" });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: "own_request", message: "Anda tidak dapat memutuskan pengajuan Anda sendiri: diperlukan persetujuan petugas lain." });
    expect(await rowCounts(t.database)).toEqual(before);
    const [account] = await t.app.db.select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(account!.status).toBe("active");

    const rejected = await call(secondAdmin, "POST", `/write_off_requests/${id}/decision`, { outcome: "reject", reason: "Masih ada janji bayar" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: "rejected", decided_by: { id: secondAdmin.customerId }, amount: null });
    const [still] = await t.app.db.select().from(schema.accounts).where(eq(schema.accounts.id, loan.accountId));
    expect(still!.status).toBe("active");
    const listed = await call(operator, "GET", "/write_off_requests?status=rejected");
    expect(listed.json().data.map((r: { id: string }) => r.id)).toContain(id);
  });

  it("refuses a loan 90 days past due or less (409), bad input (400 with fields) and changes nothing", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 100 });
    const before = await rowCounts(t.database);
    const early = await call(operator, "POST", "/write_off_requests", { account_id: loan.accountId, reason: "terlalu cepat" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("write_off_too_early");
    expect(early.json().error.message).toMatch(/lebih dari 90 hari \(saat ini \d+ hari\)/);
    const missing = await call(operator, "POST", "/write_off_requests", { account_id: "bukan-uuid" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(["account_id", "reason"]);
    const unknown = await call(operator, "POST", "/write_off_requests", { account_id: "00000000-0000-4000-8000-000000000000", reason: "tidak ada" });
    expect(unknown.statusCode).toBe(404);
    const badOutcome = await call(admin, "POST", "/write_off_requests/00000000-0000-4000-8000-000000000000/decision", { outcome: "maybe", reason: "x" });
    expect(badOutcome.statusCode).toBe(400);
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe("write-off preview (issue 17 §5)", () => {
  it("shows principal, interest due, late fees and each lender's share before anyone confirms; the approval writes off exactly that", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 160, lenderShares: [3_000_000, 1_000_000] });
    await t.app.db.update(schema.invoices).set({ lateFee: 25_000 }).where(eq(schema.invoices.id, loan.invoices[0]!.id));
    const [ani, eko] = loan.lenders;
    // Every instalment has fallen due and none was paid: all their interest is owed.
    const interestDue = loan.invoices.filter((i) => i.dueOn <= today).reduce((sum, i) => sum + i.interest, 0);
    expect(interestDue).toBeGreaterThan(0);

    const preview = await call(operator, "GET", `/loans/${loan.accountId}/write_off_preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const figures = {
      principal: 4_000_000,
      interest: interestDue,
      late_fees: 25_000,
      shares: [
        { investment_id: expect.any(String), holder: "lender", name: ani!.email, amount: 3_000_000 },
        { investment_id: expect.any(String), holder: "lender", name: eko!.email, amount: 1_000_000 },
      ],
    };
    expect(preview.json().data).toEqual({ account_id: loan.accountId, borrower_name: expect.any(String), days_past_due: expect.any(Number), ...figures });
    const { principal, interest, late_fees, shares } = preview.json().data;
    const previewed = { principal, interest, late_fees, shares };

    // The request is made from the loan and carries the same figures for the checker's dialog.
    const requested = await call(operator, "POST", "/write_off_requests", { account_id: loan.accountId, reason: "Tidak ada pembayaran lebih dari 90 hari" });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json().data.write_off).toEqual(previewed);

    const approved = await call(admin, "POST", `/write_off_requests/${requested.json().data.id}/decision`, { outcome: "approve", reason: "Penagihan gagal" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: "approved", amount: previewed.principal });
    expect(approved.json().data.write_off).toEqual(previewed);
    // The ledger moved exactly the previewed shares out of each lender's investment.
    const ledger = await t.app.db.select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.accountId, loan.accountId));
    const writeOffs = ledger.find((a) => a.kind === "write_offs")!;
    const moved = await t.app.db.select().from(schema.ledgerTransfers).where(and(eq(schema.ledgerTransfers.code, "write_off"), eq(schema.ledgerTransfers.creditAccountId, writeOffs.id)));
    const byInvestment = Object.fromEntries(moved.map((tr) => [ledger.find((a) => a.id === tr.debitAccountId)!.investmentId, tr.amount]));
    expect(byInvestment).toEqual(Object.fromEntries(previewed.shares.map((s: { investment_id: string; amount: number }) => [s.investment_id, s.amount])));
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
  });

  it("refuses a preview as the request would be refused: too early (409), unknown loan (404), a customer (403)", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 100 });
    const early = await call(operator, "GET", `/loans/${loan.accountId}/write_off_preview`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("write_off_too_early");
    expect((await call(operator, "GET", "/loans/00000000-0000-4000-8000-000000000000/write_off_preview")).statusCode).toBe(404);
    expect((await call(borrower, "GET", `/loans/${loan.accountId}/write_off_preview`)).statusCode).toBe(403);
    expect((await call(null, "GET", `/loans/${loan.accountId}/write_off_preview`)).statusCode).toBe(401);
  });
});

describe("ledger adjustment maker-checker", () => {
  async function platformAccounts() {
    const escrow = await openLedgerAccount(t.app.db as Db, "bank_escrow");
    const suspense = await openLedgerAccount(t.app.db as Db, "payment_suspense");
    return { escrow, suspense };
  }

  it("posts one correction transfer only when a second person approves; idempotent; the maker is refused", async () => {
    const { escrow, suspense } = await platformAccounts();
    const requested = await call(operator, "POST", "/ledger_adjustment_requests", {
      debit_ledger_account_id: escrow.id,
      credit_ledger_account_id: suspense.id,
      amount: 12_345,
      reason: "Dana bank diterima tanpa referensi",
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const request = requested.json().data;
    expect(request).toMatchObject({ kind: "ledger_adjustment", status: "pending", amount: 12_345, debit_ledger_account: { id: escrow.id, kind: "bank_escrow" } });
    const transfers = () => t.app.db.select().from(schema.ledgerTransfers).where(and(eq(schema.ledgerTransfers.code, "correction"), eq(schema.ledgerTransfers.reference, `approval_request:${request.id}`)));
    expect(await transfers()).toEqual([]);

    const byOperator = await call(operator, "POST", `/ledger_adjustment_requests/${request.id}/decision`, { outcome: "approve", reason: "ok" });
    expect(byOperator.statusCode).toBe(403);
    expect(await transfers()).toEqual([]);

    const approved = await call(admin, "POST", `/ledger_adjustment_requests/${request.id}/decision`, { outcome: "approve", reason: "Cocok dengan rekening koran" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe("approved");
    expect((await transfers()).map((tr) => ({ debit: tr.debitAccountId, credit: tr.creditAccountId, amount: tr.amount }))).toEqual([{ debit: escrow.id, credit: suspense.id, amount: 12_345 }]);
    const again = await call(admin, "POST", `/ledger_adjustment_requests/${request.id}/decision`, { outcome: "approve", reason: "Cocok dengan rekening koran" });
    expect(again.statusCode).toBe(200);
    expect(await transfers()).toHaveLength(1);
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);
    expect(await staffActions(request.id)).toEqual([
      { staff: operator.customerId, permission: "ledger_adjustments.request", action: "ledger_adjustment.request" },
      { staff: admin.customerId, permission: "ledger_adjustments.approve", action: "ledger_adjustment.approve" },
    ]);

    // The admin's own request: refused to the admin, nothing posted.
    const own = await call(admin, "POST", "/ledger_adjustment_requests", { debit_ledger_account_id: escrow.id, credit_ledger_account_id: suspense.id, amount: 500, reason: "koreksi kecil" });
    const before = await rowCounts(t.database);
    const self = await call(admin, "POST", `/ledger_adjustment_requests/${own.json().data.id}/decision`, { outcome: "approve", reason: "sendiri" });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe("own_request");
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("a transfer the ledger's limits refuse leaves the request pending (409 ledger_refused); bad input is 400", async () => {
    const { escrow, suspense } = await platformAccounts();
    // payment_suspense may not be debited beyond its credits.
    const requested = await call(operator, "POST", "/ledger_adjustment_requests", { debit_ledger_account_id: suspense.id, credit_ledger_account_id: escrow.id, amount: 999_999_999_999, reason: "terlalu besar" });
    expect(requested.statusCode).toBe(201);
    const id = requested.json().data.id;
    const before = await rowCounts(t.database);
    const refused = await call(admin, "POST", `/ledger_adjustment_requests/${id}/decision`, { outcome: "approve", reason: "coba" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("ledger_refused");
    expect(await rowCounts(t.database)).toEqual(before);
    const [row] = await t.app.db.select().from(schema.approvalRequests).where(eq(schema.approvalRequests.id, id));
    expect(row!.status).toBe("pending");

    const same = await call(operator, "POST", "/ledger_adjustment_requests", { debit_ledger_account_id: escrow.id, credit_ledger_account_id: escrow.id, amount: 1, reason: "sama" });
    expect(same.json().error.fields).toEqual({ credit_ledger_account_id: ["Akun kredit harus berbeda dari akun debit."] });
    // Two approved adjustments of 2^53 - 1 took a balance past what the ledger accounts list can answer (a 500).
    const huge = await call(operator, "POST", "/ledger_adjustment_requests", { debit_ledger_account_id: escrow.id, credit_ledger_account_id: suspense.id, amount: Number.MAX_SAFE_INTEGER, reason: "besar" });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual({ amount: ["Maksimal 1000000000000"] });
    for (const body of [
      { debit_ledger_account_id: escrow.id, credit_ledger_account_id: suspense.id, amount: 1_000_000_000_001, reason: "besar" },
      { debit_ledger_account_id: escrow.id, credit_ledger_account_id: suspense.id, amount: 0, reason: "nol" },
      { debit_ledger_account_id: escrow.id, credit_ledger_account_id: suspense.id, amount: 1.5, reason: "pecahan" },
      { debit_ledger_account_id: escrow.id, credit_ledger_account_id: "00000000-0000-4000-8000-000000000000", amount: 1, reason: "tidak ada" },
    ]) {
      const res = await call(operator, "POST", "/ledger_adjustment_requests", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toBeDefined();
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("lists a loan's ledger accounts for the form", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45 });
    const res = await call(operator, "GET", `/ledger_accounts?account_id=${loan.accountId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { kind: string }) => a.kind)).toEqual(expect.arrayContaining(["loan_receivable", "lender_investment"]));
    const receivable = res.json().data.find((a: { kind: string }) => a.kind === "loan_receivable");
    expect(receivable.balance).toBe(4_000_000);
  });
});

describe("access", () => {
  it("refuses customers (403) and callers without a session (401) on every maker-checker route", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const routes: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", "/write_off_requests"],
      ["POST", "/write_off_requests", { account_id: id, reason: "abc" }],
      ["POST", `/write_off_requests/${id}/decision`, { outcome: "approve", reason: "abc" }],
      ["GET", "/ledger_adjustment_requests"],
      ["POST", "/ledger_adjustment_requests", { debit_ledger_account_id: id, credit_ledger_account_id: id, amount: 1, reason: "abc" }],
      ["POST", `/ledger_adjustment_requests/${id}/decision`, { outcome: "approve", reason: "abc" }],
      ["GET", "/ledger_accounts"],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(borrower, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
