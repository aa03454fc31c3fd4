import { schema, type Db } from "@pinjaman/db";
import { addMonths, formatDate } from "@pinjaman/domain/dates";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { lateLoanFixture } from "../collections/late-loan-fixture.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { requestLoanChange } from "./loan-changes.ts";

/** Issue 17 §5: a loan change that moves lenders' money takes a second staff member, and the lenders are told. */

const STAFF = "/app_api/v1/staff";

let t: TestApp;
let operator: TestSession;
let admin: TestSession;
let secondAdmin: TestSession;
let today: string;

function call(session: TestSession | null, method: "GET" | "POST", url: string, payload?: unknown) {
  return t.app.inject({ method, url: `${STAFF}${url}`, headers: session ? session.headers : { "x-locale": "id" }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function ask(loan: Awaited<ReturnType<typeof lateLoanFixture>>, typeKey: "reschedule" | "restructure", extraMonths: number, dailyRatePpm: number | null = null) {
  return t.app.db.transaction((tx) =>
    requestLoanChange(tx as unknown as Db, { customerId: loan.borrowerId, accountId: loan.accountId, typeKey, extraMonths, dailyRatePpm, reason: "Penghasilan turun", today }),
  );
}

async function listed(requestId: string) {
  const res = await call(admin, "GET", "/loan_change_requests");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.find((r: { id: string }) => r.id === requestId);
}

async function noticesOf(customerId: string) {
  return t.app.db
    .select({ title: schema.customerNotices.title, body: schema.customerNotices.body })
    .from(schema.customerNotices)
    .where(eq(schema.customerNotices.customerId, customerId))
    .orderBy(asc(schema.customerNotices.createdAt));
}

async function applicationsOf(accountId: string) {
  return t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.accountId, accountId)).orderBy(asc(schema.accountApplications.createdAt));
}

beforeAll(async () => {
  t = await testApp();
  today = (await businessNow(t.app.db, { sandbox: t.app.config.sandbox })).date;
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
  admin = await sessionFor(t.app.db, "admin@pinjaman.test");
  const [other] = await t.app.db.insert(schema.customers).values({ name: "Admin Kedua", email: "admin2.lc@pinjaman.test" }).returning({ id: schema.customers.id });
  await t.app.db.insert(schema.customerRoles).values({ customerId: other!.id, typeKey: "admin" });
  secondAdmin = await sessionFor(t.app.db, "admin2.lc@pinjaman.test");
});
afterAll(async () => {
  await t?.close();
});

describe("a reschedule that moves the maturity and forgives late fees", () => {
  it("stays pending until a second staff member approves; the maker cannot approve their own; the lenders are told what changed for them", async () => {
    // Rp4.000.000 over 4 months, 45 days after disbursal: instalment 1 is late with a Rp12.000 late fee.
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45, lenderShares: [3_000_000, 1_000_000] });
    await t.app.db.update(schema.invoices).set({ lateFee: 12_000 }).where(eq(schema.invoices.id, loan.invoices[0]!.id));
    const requestId = await ask(loan, "reschedule", 2);
    const newMaturity = addMonths(today, 6);
    const change = `tenor +2 bulan, jatuh tempo ${formatDate(loan.maturityOn)} → ${formatDate(newMaturity)}, denda Rp 12.000 dihapuskan`;

    // The card's data: the real change and that it takes four eyes.
    expect((await listed(requestId)).proposal).toMatchObject({
      effect: { extra_months: 2, maturity_from: loan.maturityOn, maturity_to: newMaturity, rate_from_ppm: 1000, rate_to_ppm: 1000, waived_late_fees: 12_000 },
      needs_second_approval: true,
    });

    // The first approval (an admin's) changes nothing but asks for the second one.
    const before = await rowCounts(t.database);
    const first = await call(admin, "POST", `/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason: "Penghasilan turun, terverifikasi" });
    expect(first.statusCode, first.body).toBe(200);
    const approval = first.json().data.approval;
    expect(first.json().data).toMatchObject({ status: "pending", new_application_id: null, decided_by: null });
    expect(approval).toMatchObject({ status: "pending", requested_by: { id: admin.customerId }, requested_on: today, decided_by: null });
    expect((await applicationsOf(loan.accountId)).map((a) => a.status)).toEqual(["activated"]);
    expect(await noticesOf(loan.lenders[0]!.customerId)).toEqual([]);
    const after = await rowCounts(t.database);
    expect(Object.keys(after).filter((table) => after[table] !== before[table]).sort()).toEqual(["approval_requests", "staff_actions"]);

    // The maker's double click answers as it stands; the maker cannot approve their own, even as an admin.
    expect((await call(admin, "POST", `/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason: "Penghasilan turun, terverifikasi" })).statusCode).toBe(200);
    const own = await call(admin, "POST", `/loan_change_approvals/${approval.id}/decision`, { outcome: "approve", reason: "saya sendiri" });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: "own_request", message: "Anda tidak dapat memutuskan pengajuan Anda sendiri: diperlukan persetujuan petugas lain." });
    // An operator holds no loan_changes.approve; nor can anyone decide the borrower's request around the second approval.
    expect((await call(operator, "POST", `/loan_change_approvals/${approval.id}/decision`, { outcome: "approve", reason: "setuju" })).json().error.code).toBe("forbidden_role");
    const around = await call(operator, "POST", `/loan_change_requests/${requestId}/decision`, { outcome: "reject", reason: "tolak" });
    expect(around.statusCode).toBe(409);
    expect(around.json().error.code).toBe("approval_pending");
    expect(await rowCounts(t.database)).toEqual(after);

    // The second staff member approves: the change is made and each lender is told what changed for them.
    const second = await call(secondAdmin, "POST", `/loan_change_approvals/${approval.id}/decision`, { outcome: "approve", reason: "Disetujui kedua" });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ kind: "loan_change", status: "approved", loan_change_request_id: requestId, decided_by: { id: secondAdmin.customerId } });
    const decided = await listed(requestId);
    expect(decided).toMatchObject({ status: "approved", decided_by: { id: secondAdmin.customerId }, approval: { status: "approved", decided_by: { id: secondAdmin.customerId } } });
    expect(decided.proposal.effect).toEqual({ extra_months: 2, maturity_from: loan.maturityOn, maturity_to: newMaturity, rate_from_ppm: 1000, rate_to_ppm: 1000, waived_late_fees: 12_000 });
    expect((await applicationsOf(loan.accountId)).map((a) => ({ type: a.typeKey, status: a.status }))).toEqual([
      { type: "initial", status: "deactivated" },
      { type: "reschedule", status: "active" },
    ]);
    expect(await noticesOf(loan.lenders[0]!.customerId)).toEqual([
      {
        title: "Perubahan pinjaman yang Anda danai",
        body: `Pinjaman yang Anda danai sebesar Rp 3.000.000 telah dijadwalkan ulang: ${change}. Sisa pokok bagian Anda, Rp 3.000.000, tetap milik Anda dan dibayar kembali menurut jadwal baru.`,
      },
    ]);
    expect((await noticesOf(loan.lenders[1]!.customerId)).map((n) => n.body)).toEqual([
      `Pinjaman yang Anda danai sebesar Rp 1.000.000 telah dijadwalkan ulang: ${change}. Sisa pokok bagian Anda, Rp 1.000.000, tetap milik Anda dan dibayar kembali menurut jadwal baru.`,
    ]);
    // The borrower is not a lender: no lender notice for them.
    expect((await noticesOf(loan.borrowerId)).map((n) => n.title)).not.toContain("Perubahan pinjaman yang Anda danai");
  });
});

describe("a restructure that lowers the rate", () => {
  it("waits for the second approval; its rejection rejects the request and changes nothing else", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 10, amount: 3_000_000, term: 3 });
    const requestId = await ask(loan, "restructure", 3, 500);
    const first = await call(operator, "POST", `/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason: "Usaha sepi" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe("pending");
    const before = await rowCounts(t.database);
    const rejected = await call(admin, "POST", `/loan_change_approvals/${first.json().data.approval.id}/decision`, { outcome: "reject", reason: "Bunga terlalu rendah" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await listed(requestId)).toMatchObject({ status: "rejected", decided_by: { id: admin.customerId }, decision_reason: "Bunga terlalu rendah", new_application_id: null });
    expect((await applicationsOf(loan.accountId)).map((a) => a.status)).toEqual(["activated"]);
    expect(await noticesOf(loan.lender.customerId)).toEqual([]);
    const after = await rowCounts(t.database);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(["staff_actions"]);
  });

  it("the lenders' notice names the rate before and after", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 10, amount: 3_000_000, term: 3 });
    const requestId = await ask(loan, "restructure", 3, 500);
    const first = await call(operator, "POST", `/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason: "Usaha sepi" });
    expect((await call(admin, "POST", `/loan_change_approvals/${first.json().data.approval.id}/decision`, { outcome: "approve", reason: "Disetujui" })).statusCode).toBe(200);
    const maturity = formatDate(addMonths(today, 6));
    expect((await noticesOf(loan.lender.customerId)).map((n) => n.body)).toEqual([
      `Pinjaman yang Anda danai sebesar Rp 3.000.000 telah direstrukturisasi: tenor +3 bulan, jatuh tempo ${formatDate(loan.maturityOn)} → ${maturity}, bunga 0,1%/hari → 0,05%/hari. Sisa pokok bagian Anda, Rp 3.000.000, tetap milik Anda dan dibayar kembali menurut jadwal baru.`,
    ]);
  });
});

describe("a change that moves none of the lenders' money", () => {
  it("is applied by one staff member", async () => {
    // Nothing due yet; the stored maturity is where the new schedule ends, so only the instalments move.
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 10, amount: 3_000_000, term: 3 });
    await t.app.db.update(schema.accountApplications).set({ maturityOn: addMonths(today, 4) }).where(eq(schema.accountApplications.id, loan.applicationId));
    const requestId = await ask(loan, "reschedule", 1);
    expect((await listed(requestId)).proposal.needs_second_approval).toBe(false);
    const decided = await call(operator, "POST", `/loan_change_requests/${requestId}/decision`, { outcome: "approve", reason: "Hanya cicilan" });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({ status: "approved", decided_by: { id: operator.customerId }, approval: null });
  });
});

describe("access", () => {
  it("the second approvals are staff-only: 403 for a customer, 401 without a session, 404 for an unknown one", async () => {
    const loan = await lateLoanFixture(t.app.db, { today, daysAgo: 45 });
    const borrower = await sessionFor(t.app.db, loan.email);
    expect((await call(borrower, "GET", "/loan_change_approvals")).statusCode).toBe(403);
    expect((await call(null, "GET", "/loan_change_approvals")).statusCode).toBe(401);
    expect((await call(admin, "POST", "/loan_change_approvals/00000000-0000-4000-8000-000000000000/decision", { outcome: "approve", reason: "abc" })).statusCode).toBe(404);
  });
});
