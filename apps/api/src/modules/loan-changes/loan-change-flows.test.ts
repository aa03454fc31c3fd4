import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain/dates";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

const APP = "/app_api/v1";
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
}, 120_000);
afterAll(() => t?.close());

const headers = (s: TestSession) => ({ "x-locale": "id", ...s.headers });
const call = (s: TestSession, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url: `${APP}${url}`, headers: headers(s), ...(payload ? { payload } : {}) });

/** A borrower with an active loan disbursed `daysAgo` days ago (4 monthly instalments). */
async function borrowerWithLoan(daysAgo: number) {
  const n = ++seq;
  const email = `ubah.jadwal.${n}@contoh.co.id`;
  const [c] = await t.app.db.insert(schema.customers).values({ name: `Peminjam ${n}`, email, phone: `+62813777${String(10000 + n)}`, passwordHash: "x" }).returning();
  await t.app.db.insert(schema.customerRoles).values({ customerId: c!.id, typeKey: "primary" });
  const loan = await activeLoanFor(t.app.db, c!.id, { effectiveOn: addDays(jakartaToday(), -daysAgo) });
  return { session: await sessionFor(t.app.db, email), loan };
}

const flowsOn = async (s: TestSession, accountId: string) => ((await call(s, "GET", `/accounts/${accountId}/flows`)).json().data as { key: string }[]).map((f) => f.key);

describe("the borrower's reschedule and restructure requests (loan-account flows, decision 0027)", () => {
  it("a borrower asks for a reschedule on their loan; staff then see it pending; a second request is refused while it waits", async () => {
    const { session, loan } = await borrowerWithLoan(10);
    expect(await flowsOn(session, loan.accountId)).toContain("reschedule_request");
    // Nothing is late: relief (restructure) is not offered.
    expect(await flowsOn(session, loan.accountId)).not.toContain("restructure_request");
    const offers = (await call(session, "GET", "/borrower_flows")).json().data.offered as { flow_key: string; path: string }[];
    expect(offers).toContainEqual(expect.objectContaining({ flow_key: "reschedule_request", path: `/flows/reschedule_request?account_id=${loan.accountId}` }));

    const started = await call(session, "POST", `/accounts/${loan.accountId}/flows/reschedule_request/flow_progresses`, { data: {} });
    expect(started.statusCode, started.body).toBe(201);
    const view = started.json().data;
    expect(view.step.fields.map((f: { key: string }) => f.key)).toEqual(["extra_months", "loan_change_reason", "loan_change_note"]);
    expect(view.step.fields[0].options.map((o: { label: string }) => o.label)).toEqual(["1 bulan", "2 bulan", "3 bulan", "6 bulan", "12 bulan"]);

    const bad = await call(session, "PATCH", `/flow_progresses/${view.id}/move/next`, { data: { values: { extra_months: "7", loan_change_reason: "income_down" } } });
    expect(bad.statusCode).toBe(422);
    expect(await t.app.db.select().from(schema.loanChangeRequests).where(eq(schema.loanChangeRequests.accountId, loan.accountId))).toEqual([]);

    const done = await call(session, "PATCH", `/flow_progresses/${view.id}/move/next`, { data: { values: { extra_months: "3", loan_change_reason: "income_down", loan_change_note: "Gaji dipotong setengah" } } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.step.key).toBe("done");
    const [request] = await t.app.db.select().from(schema.loanChangeRequests).where(eq(schema.loanChangeRequests.accountId, loan.accountId));
    expect(request).toMatchObject({ typeKey: "reschedule", extraMonths: 3, dailyRatePpm: null, status: "pending", reason: "Penghasilan berkurang: Gaji dipotong setengah", flowProgressId: view.id });

    // While it waits, neither flow is offered and a start is refused with the reason, storing nothing.
    expect(await flowsOn(session, loan.accountId)).not.toContain("reschedule_request");
    const before = await rowCounts(t.database);
    const again = await call(session, "POST", `/accounts/${loan.accountId}/flows/reschedule_request/flow_progresses`, { data: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("Permintaan perubahan untuk pinjaman ini masih ditinjau petugas kami.");
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("a borrower in arrears asks for relief: a longer tenor and the current rate lowered by the share asked for", async () => {
    const { session, loan } = await borrowerWithLoan(45);
    expect(await flowsOn(session, loan.accountId)).toEqual(expect.arrayContaining(["reschedule_request", "restructure_request"]));
    const started = await call(session, "POST", `/accounts/${loan.accountId}/flows/restructure_request/flow_progresses`, { data: {} });
    expect(started.statusCode, started.body).toBe(201);
    const view = started.json().data;
    expect(view.step.fields.map((f: { key: string }) => f.key)).toEqual(["extra_months", "loan_change_reason", "loan_change_note", "rate_relief"]);
    const done = await call(session, "PATCH", `/flow_progresses/${view.id}/move/next`, { data: { values: { extra_months: "6", loan_change_reason: "job_loss", rate_relief: "50" } } });
    expect(done.statusCode, done.body).toBe(200);
    const [application] = await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.accountId, loan.accountId));
    const [request] = await t.app.db.select().from(schema.loanChangeRequests).where(eq(schema.loanChangeRequests.accountId, loan.accountId));
    expect(request).toMatchObject({ typeKey: "restructure", extraMonths: 6, dailyRatePpm: Math.floor(application!.dailyRatePpm / 2), reason: "Kehilangan pekerjaan" });
  });

  it("refuses relief on a loan that is not late, naming the reschedule instead, and another customer's loan with 404", async () => {
    const { session, loan } = await borrowerWithLoan(10);
    const refused = await call(session, "POST", `/accounts/${loan.accountId}/flows/restructure_request/flow_progresses`, { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Keringanan (restrukturisasi) hanya untuk pinjaman yang cicilannya sedang terlambat. Untuk meringankan cicilan, ajukan penjadwalan ulang.");
    const other = await borrowerWithLoan(10);
    expect((await call(other.session, "POST", `/accounts/${loan.accountId}/flows/reschedule_request/flow_progresses`, { data: {} })).statusCode).toBe(404);
  });
});
