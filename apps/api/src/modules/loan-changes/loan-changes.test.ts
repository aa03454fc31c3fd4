import { schema, type Db } from "@pinjaman/db";
import { addMonths, daysBetween, jakartaToday } from "@pinjaman/domain/dates";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { lateLoanFixture } from "../collections/late-loan-fixture.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { ledgerInvariantViolations } from "../ledger/ledger-invariants.ts";
import { receivePayment } from "../repayments/payment-service.ts";
import { requestLoanChange } from "./loan-changes.ts";

const STAFF = "/app_api/v1/staff";

let t: TestApp;
let operator: TestSession;
let admin: TestSession;
let today: string;

function call(session: TestSession | null, method: "GET" | "POST", url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: session ? session.headers : { "x-locale": "id" }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function ask(loan: Awaited<ReturnType<typeof lateLoanFixture>>, typeKey: "reschedule" | "restructure", extraMonths: number, dailyRatePpm: number | null = null) {
  return t.app.db.transaction((tx) =>
    requestLoanChange(tx as unknown as Db, { customerId: loan.borrowerId, accountId: loan.accountId, typeKey, extraMonths, dailyRatePpm, reason: "Penghasilan turun", today }),
  );
}

async function applicationsOf(accountId: string) {
  return t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.accountId, accountId)).orderBy(asc(schema.accountApplications.createdAt));
}

beforeAll(async () => {
  t = await testApp();
  today = jakartaToday();
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
  admin = await sessionFor(t.app.db, "admin@pinjaman.test");
});

/** The operator approves, which asks for the second approval (issue 17 §5); the admin gives it. */
async function approveWithFourEyes(requestId: string, reason: string) {
  const first = await call(operator, "POST", `${STAFF}/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().data).toMatchObject({ status: "pending", approval: { status: "pending", requested_by: { id: operator.customerId } } });
  const second = await call(admin, "POST", `${STAFF}/loan_change_approvals/${first.json().data.approval.id}/decision`, { outcome: "approve", reason });
  expect(second.statusCode, second.body).toBe(200);
  const [decided] = (await call(admin, "GET", `${STAFF}/loan_change_requests`)).json().data.filter((r: { id: string }) => r.id === requestId);
  return decided;
}
afterAll(async () => {
  await t?.close();
});

describe("reschedule", () => {
  it("approval opens a new current application of type reschedule with a new schedule, replaces the old invoices and shows the maturity extension to staff and borrower", async () => {
    // Rp4.000.000 over 4 months at 0.1 %/day, disbursed 45 days ago: instalment 1 (Rp1.120.000) is late, 3 are to come.
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45 });
    const requestId = await ask(loan, "reschedule", 2);

    const listed = await call(operator, "GET", `${STAFF}/loan_change_requests?status=pending`);
    expect(listed.statusCode, listed.body).toBe(200);
    const pending = listed.json().data.find((r: { id: string }) => r.id === requestId);
    const newMaturity = addMonths(today, 6);
    expect(pending).toMatchObject({
      type_key: "reschedule",
      status: "pending",
      extra_months: 2,
      current: { term: 4, daily_rate_ppm: 1000, maturity_on: loan.maturityOn, outstanding_principal: 4_000_000 },
      proposal: { term: 6, daily_rate_ppm: 1000, total_repayment: 4_840_000, maturity_on: newMaturity, maturity_extension_days: daysBetween(loan.maturityOn, newMaturity) },
      proposal_refused: null,
    });
    // The unpaid interest already due (Rp120.000) stays due at once as instalment 1; then 6 × (principal/6 + Rp120.000).
    expect(pending.proposal.instalments[0]).toEqual({ number: 1, due_on: today, principal: 0, interest: 120_000, total: 120_000 });
    expect(pending.proposal.instalments.slice(1).map((i: { total: number }) => i.total)).toEqual([786_666, 786_666, 786_666, 786_666, 786_666, 786_670]);

    const decided = await approveWithFourEyes(requestId, "Penghasilan turun, terverifikasi");
    const newApplicationId = decided.new_application_id;
    // The staff view keeps the terms given and the maturity extension after approval.
    expect(decided).toMatchObject({
      status: "approved",
      decided_by: { id: admin.customerId },
      current: null,
      proposal: { term: 6, total_repayment: 4_840_000, maturity_on: newMaturity, maturity_extension_days: daysBetween(loan.maturityOn, newMaturity) },
    });
    expect(decided.proposal.instalments).toHaveLength(7);

    const applications = await applicationsOf(loan.accountId);
    expect(applications.map((a) => ({ type: a.typeKey, status: a.status }))).toEqual([
      { type: "initial", status: "deactivated" },
      { type: "reschedule", status: "active" },
    ]);
    expect(applications[1]).toMatchObject({ id: newApplicationId, amount: 4_000_000, term: 6, dailyRatePpm: 1000, totalRepayment: 4_840_000, effectiveOn: today, maturityOn: newMaturity });

    const invoices = await t.app.db.select().from(schema.invoices).where(eq(schema.invoices.accountId, loan.accountId)).orderBy(asc(schema.invoices.createdAt), asc(schema.invoices.number));
    expect(invoices.filter((i) => i.accountApplicationId === loan.applicationId).map((i) => i.status)).toEqual(["replaced", "replaced", "replaced", "replaced"]);
    const fresh = invoices.filter((i) => i.accountApplicationId === newApplicationId);
    expect(fresh.map((i) => i.status)).toEqual(Array(7).fill("open"));
    expect(fresh.reduce((s, i) => s + i.total, 0)).toBe(4_840_000);
    expect(fresh.reduce((s, i) => s + i.principal, 0)).toBe(4_000_000);

    // The lenders' investments follow the new application, so repayments still reach them.
    const investments = await t.app.db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, newApplicationId));
    expect(investments).toHaveLength(1);

    // The borrower's loan page data: the current application is the reschedule, with the extension of spec section 4.
    const borrower = await sessionFor(t.app.db, loan.email);
    const detail = await call(borrower, "GET", `/app_api/v1/accounts/${loan.accountId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      current_account_application: { id: newApplicationId, type_key: "reschedule", maturity_on: newMaturity },
      initial_account_application: { id: loan.applicationId, maturity_on: loan.maturityOn },
      maturity_extension_days: daysBetween(loan.maturityOn, newMaturity),
      outstanding_principal: 4_000_000,
    });

    // A payment now pays the new instalment 1, and the books still balance.
    const va = loan.virtualAccounts[0]!;
    const { payment } = await receivePayment(t.app.db, { channel: va.channel, virtualAccountNumber: va.number, amount: 120_000, gatewayTransactionId: "rs-1", businessDate: today, source: "gateway" }, { platformFeePpm: 100_000 });
    expect(payment).toMatchObject({ status: "allocated", interest: 120_000, principal: 0 });
    const [first] = await t.app.db.select().from(schema.invoices).where(eq(schema.invoices.id, fresh[0]!.id));
    expect(first!.status).toBe("paid");
    expect(await ledgerInvariantViolations(t.app.db)).toEqual([]);

    const audited = await t.app.db.select().from(schema.staffActions).where(eq(schema.staffActions.subjectId, loan.accountId));
    expect(audited.map((a) => ({ staff: a.staffId, permission: a.permission, action: a.action, reason: a.reason }))).toEqual([
      { staff: operator.customerId, permission: "loan_changes.decide", action: "loan_change.request", reason: "Penghasilan turun, terverifikasi" },
      { staff: admin.customerId, permission: "loan_changes.approve", action: "loan_change.approve", reason: "Penghasilan turun, terverifikasi" },
    ]);

    // Decided: the same decision again by the checker changes nothing; another one is 409.
    const counts = await rowCounts(t.database);
    expect((await call(admin, "POST", `${STAFF}/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason: "Penghasilan turun, terverifikasi" })).statusCode).toBe(200);
    const other = await call(operator, "POST", `${STAFF}/loan_change_requests/${requestId}/decision`, { outcome: "reject", reason: "salah" });
    expect(other.statusCode).toBe(409);
    expect(await rowCounts(t.database)).toEqual(counts);
  });
});

describe("restructure", () => {
  it("may lower the rate: the new schedule's interest follows it and the instalments sum to the new total", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 10, amount: 3_000_000, term: 3 });
    const requestId = await ask(loan, "restructure", 3, 500);
    await approveWithFourEyes(requestId, "Restrukturisasi disetujui");
    const [, restructured] = await applicationsOf(loan.accountId);
    // Nothing due yet: no arrears. 3,000,000 × 0.05 % × 180 days = 270,000.
    expect(restructured).toMatchObject({ typeKey: "restructure", status: "active", amount: 3_000_000, term: 6, dailyRatePpm: 500, totalRepayment: 3_270_000 });
    const fresh = await t.app.db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, restructured!.id));
    expect(fresh.reduce((s, i) => s + i.total, 0)).toBe(3_270_000);
    expect(fresh.map((i) => i.interest)).toEqual([45_000, 45_000, 45_000, 45_000, 45_000, 45_000]);
  });

  it("refuses a higher rate (409 with the field, nothing changes); the request stays pending", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 10, amount: 3_000_000, term: 3 });
    const requestId = await ask(loan, "restructure", 1, 1500);
    const before = await rowCounts(t.database);
    const res = await call(operator, "POST", `${STAFF}/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason: "coba" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.daily_rate_ppm).toEqual(["bunga baru tidak boleh lebih tinggi dari bunga saat ini."]);
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe("rejection, bad input and access", () => {
  it("a rejection changes only the request; a second request while one waits is refused", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45 });
    const requestId = await ask(loan, "reschedule", 1);
    await expect(ask(loan, "reschedule", 2)).rejects.toMatchObject({ status: 409, code: "loan_change_pending" });
    await expect(ask(loan, "reschedule", 25)).rejects.toMatchObject({ fields: { extra_months: ["tambahan tenor harus 1–24 bulan."] } });
    const res = await call(operator, "POST", `${STAFF}/loan_change_requests/${requestId}/decision`, { outcome: "reject", reason: "Tidak memenuhi syarat" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "rejected", decision_reason: "Tidak memenuhi syarat", new_application_id: null, proposal: null });
    expect((await applicationsOf(loan.accountId)).map((a) => a.status)).toEqual(["activated"]);
  });

  it("400 for a bad decision, 404 for an unknown request, 403 for customers, 401 without a session; nothing changes", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45 });
    const requestId = await ask(loan, "reschedule", 1);
    const borrower = await sessionFor(t.app.db, loan.email);
    const before = await rowCounts(t.database);
    const url = `${STAFF}/loan_change_requests/${requestId}/decision`;
    const bad = await call(operator, "POST", url, { outcome: "approve" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(["reason"]);
    expect((await call(operator, "POST", url, { outcome: "later", reason: "abc" })).statusCode).toBe(400);
    expect((await call(operator, "POST", `${STAFF}/loan_change_requests/00000000-0000-4000-8000-000000000000/decision`, { outcome: "approve", reason: "abc" })).statusCode).toBe(404);
    expect((await call(borrower, "POST", url, { outcome: "approve", reason: "saya sendiri" })).statusCode).toBe(403);
    expect((await call(borrower, "GET", `${STAFF}/loan_change_requests`)).statusCode).toBe(403);
    expect((await call(null, "GET", `${STAFF}/loan_change_requests`)).statusCode).toBe(401);
    expect(await rowCounts(t.database)).toEqual(before);
  });
});
