import { schema } from "@pinjaman/db";
import { jakartaToday } from "@pinjaman/domain/dates";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { submitLoanApplication } from "./submission.ts";

const APP = "/app_api/v1";

/** Onboarding answers (spl) that pass every rule: an employee earning Rp5–10 juta, no other lender. */
const GOOD_KYC = { employment_type: "employee", monthly_income: "5m_10m", other_platforms_count: "0", other_platforms_instalment: "none" };

/** Rp3.000.000 over 6 months at 0.1 %/day: Rp590.000 a month (Rp500.000 + Rp90.000), 11.8 % of Rp5 juta. */
const LOAN = { productKey: "spl", amount: 3_000_000, term: 6, dailyRatePpm: 1000, totalRepayment: 3_540_000, maturityOn: null, flowProgressId: null };

let t: TestApp;
let operator: TestSession;
let serial = 0;

/** A customer with a KYC profile (a man born 15 May 1990 unless the NIK says otherwise). */
async function applicant(kyc: Record<string, unknown> = GOOD_KYC, nik?: string): Promise<{ customerId: string; session: TestSession }> {
  serial += 1;
  const email = `pemohon.${serial}@contoh.co.id`;
  const [customer] = await t.app.db.insert(schema.customers).values({ name: `Pemohon ${serial}`, email }).returning({ id: schema.customers.id });
  await t.app.db.insert(schema.customerRoles).values({ customerId: customer!.id, typeKey: "primary" });
  await t.app.db.insert(schema.customerProfiles).values({
    customerId: customer!.id,
    personalCode: nik ?? `327301150590${String(serial).padStart(4, "0")}`,
    fullName: `Pemohon ${serial}`,
    birthDate: "1990-05-15",
    kyc,
    consent: {},
  });
  return { customerId: customer!.id, session: await sessionFor(t.app.db, email) };
}

function submit(customerId: string, loan: Partial<typeof LOAN> = {}) {
  return t.app.db.transaction((tx) => submitLoanApplication(tx, { customerId, ...LOAN, ...loan, today: jakartaToday() }));
}

async function applicationRow(id: string) {
  const [row] = await t.app.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, id));
  return row!;
}

async function transitionsOf(id: string) {
  const rows = await t.app.db.select().from(schema.statusTransitions).where(eq(schema.statusTransitions.subjectId, id)).orderBy(asc(schema.statusTransitions.sequence));
  return rows.map((r) => ({ from: r.fromStatus, event: r.event, to: r.toStatus, actor: r.actorKind, actorId: r.actorId, reason: r.reason }));
}

async function searchAs(session: TestSession) {
  const res = await t.app.inject({ method: "POST", url: `${APP}/account_applications/search`, headers: session.headers, payload: { filters: [] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; risk_grade: string | null; rejection_reason: string | null }[];
}

function decide(id: string, body: unknown, session: TestSession = operator) {
  return t.app.inject({ method: "POST", url: `${APP}/account_applications/${id}/decision`, headers: session.headers, payload: body as Record<string, unknown> });
}

beforeAll(async () => {
  t = await testApp();
  operator = await sessionFor(t.app.db, "operator@pinjaman.test");
});
afterAll(async () => {
  await t?.close();
});

describe("automatic decision on submission", () => {
  it("approves when every rule passes: waiting_for_investment with grade B, each rule recorded", async () => {
    const { customerId, session } = await applicant();
    const { applicationId, accountId, decision } = await submit(customerId);
    expect(decision.outcome).toBe("approve");
    expect(await applicationRow(applicationId)).toMatchObject({ status: "waiting_for_investment", riskGrade: "B", rejectionReason: null });
    expect(await transitionsOf(applicationId)).toEqual([
      { from: null, event: "submit", to: "submitted", actor: "customer", actorId: customerId, reason: null },
      { from: "submitted", event: "approve", to: "waiting_for_investment", actor: "system", actorId: null, reason: "automatic decision: every rule passed" },
    ]);
    expect(await transitionsOf(accountId)).toEqual([{ from: null, event: "open", to: "pending", actor: "customer", actorId: customerId, reason: null }]);
    const [stored] = await t.app.db.select().from(schema.applicationDecisions).where(eq(schema.applicationDecisions.accountApplicationId, applicationId));
    expect(stored).toMatchObject({ outcome: "approve", riskGrade: "B" });
    expect(stored!.rules).toContainEqual({
      key: "affordability",
      passed: true,
      measured: { monthly_income: 5_000_000, instalment: 590_000, other_platforms_instalment: 0, ratio_bp: 1180 },
      threshold: { max_ratio_bp: 3000 },
      source: expect.stringContaining("SEOJK 19/SEOJK.06/2025"),
    });
    // 11.8 % is in the 10–20 % row (1 point), an employee (0), no other platform (0): B.
    expect((await searchAs(session))[0]).toMatchObject({ id: applicationId, status: "waiting_for_investment", risk_grade: "B", rejection_reason: null });
  });

  it.each([
    // Born 1 January 2005: 21.
    ["minimum_age", GOOD_KYC, "3273010101050001", "Usia pemohon minimal 25 tahun sesuai NIK."],
    ["other_platforms", { ...GOOD_KYC, other_platforms_count: "3" }, undefined, "Sesuai ketentuan OJK, pendanaan hanya boleh diterima dari paling banyak 3 platform pinjaman daring, termasuk Pinjaman."],
    [
      "affordability",
      // Rp590.000 + up to Rp1.000.000 elsewhere over Rp2.000.000: 79.5 %.
      { ...GOOD_KYC, monthly_income: "below_3m", other_platforms_instalment: "below_1m" },
      undefined,
      "Total cicilan pinjaman daring Anda akan melebihi batas OJK dibandingkan penghasilan bulanan Anda.",
    ],
  ] as const)("rejects on %s with the borrower's reason in Indonesian", async (rule, kyc, nik, text) => {
    const { customerId, session } = await applicant(kyc, nik);
    const { applicationId, decision } = await submit(customerId);
    expect(decision).toMatchObject({ outcome: "reject", reason: rule });
    expect(await applicationRow(applicationId)).toMatchObject({ status: "rejected", rejectionReason: rule, riskGrade: null });
    expect((await transitionsOf(applicationId)).at(-1)).toEqual({ from: "submitted", event: "reject", to: "rejected", actor: "system", actorId: null, reason: `automatic decision: ${rule}` });
    expect((await searchAs(session))[0]).toMatchObject({ id: applicationId, status: "rejected", risk_grade: null, rejection_reason: text });
  });

  it("rejects a second application while the first is in flight (one_open_application)", async () => {
    const { customerId, session } = await applicant();
    const first = await submit(customerId);
    const second = await submit(customerId);
    expect(first.decision.outcome).toBe("approve");
    expect(second.decision).toMatchObject({ outcome: "reject", reason: "one_open_application" });
    const rules = second.decision.rules.find((r) => r.key === "one_open_application");
    expect(rules).toMatchObject({ passed: false, measured: { other_applications_in_flight: 1 }, threshold: { max: 0 } });
    expect((await searchAs(session)).find((a) => a.id === second.applicationId)?.rejection_reason).toBe("Anda masih memiliki pengajuan pinjaman lain yang sedang diproses.");
  });

  it("refers to an operator when the flow asks no income (payroll): stays submitted", async () => {
    const { customerId } = await applicant({ payroll_employer: "bni", employee_number: "12345" });
    const { applicationId, decision } = await submit(customerId);
    expect(decision.outcome).toBe("refer");
    expect(await applicationRow(applicationId)).toMatchObject({ status: "submitted", riskGrade: null });
    expect(await transitionsOf(applicationId)).toHaveLength(1);
  });
});

describe("POST account_applications/{id}/decision (operator)", () => {
  it("approves a referred application with its grade, recorded with the operator and reason", async () => {
    const { customerId } = await applicant({ payroll_employer: "bni", employee_number: "12345" });
    const { applicationId } = await submit(customerId);
    const res = await decide(applicationId, { outcome: "approve", reason: "  Slip gaji diperiksa: penghasilan Rp8 juta.  " });
    expect(res.statusCode, res.body).toBe(200);
    // Payroll (0 points) with no ratio and no platform count known (2 + 2): D.
    expect(res.json().data).toMatchObject({ id: applicationId, status: "waiting_for_investment", risk_grade: "D", rejection_reason: null });
    expect((await transitionsOf(applicationId)).at(-1)).toEqual({
      from: "submitted",
      event: "approve",
      to: "waiting_for_investment",
      actor: "operator",
      actorId: operator.customerId,
      reason: "Slip gaji diperiksa: penghasilan Rp8 juta.",
    });
  });

  it("rejects an approved application; the borrower sees the generic reason", async () => {
    const { customerId, session } = await applicant();
    const { applicationId } = await submit(customerId);
    const res = await decide(applicationId, { outcome: "reject", reason: "Dokumen KTP tidak sesuai swafoto." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "rejected", risk_grade: null, rejection_reason: "Pengajuan Anda tidak dapat kami setujui setelah ditinjau oleh tim kami." });
    expect((await transitionsOf(applicationId)).at(-1)).toMatchObject({ from: "waiting_for_investment", event: "withdraw_approval", to: "rejected", actor: "operator" });
    expect((await searchAs(session))[0]?.rejection_reason).toBe("Pengajuan Anda tidak dapat kami setujui setelah ditinjau oleh tim kami.");
  });

  it("overturns an automatic rejection, unless the customer has another application in flight (409)", async () => {
    const { customerId } = await applicant({ ...GOOD_KYC, other_platforms_count: "3" });
    const { applicationId } = await submit(customerId);
    const res = await decide(applicationId, { outcome: "approve", reason: "Dua pinjaman lain sudah lunas (bukti terlampir)." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "waiting_for_investment", rejection_reason: null });
    expect((await transitionsOf(applicationId)).at(-1)).toMatchObject({ from: "rejected", event: "overturn_rejection", to: "waiting_for_investment" });

    // Rejected first; then, with the platforms paid off, a second application is approved.
    const other = await applicant({ ...GOOD_KYC, other_platforms_count: "4_or_more" });
    const rejected = await submit(other.customerId);
    await t.app.db.update(schema.customerProfiles).set({ kyc: GOOD_KYC }).where(eq(schema.customerProfiles.customerId, other.customerId));
    expect((await submit(other.customerId)).decision.outcome).toBe("approve");
    const counts = await rowCounts(t.database);
    const refused = await decide(rejected.applicationId, { outcome: "approve", reason: "Diperiksa." });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "application_in_flight", message: "Masih ada pengajuan pinjaman lain yang sedang diproses untuk nasabah ini." });
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("refuses a missing, blank or too long reason and an unknown outcome with field messages (400), nothing changed", async () => {
    const { customerId } = await applicant();
    const { applicationId } = await submit(customerId);
    const counts = await rowCounts(t.database);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ outcome: "approve" }, { reason: ["Wajib diisi"] }],
      [{ outcome: "reject", reason: "   " }, { reason: ["Minimal 1 karakter"] }],
      [{ outcome: "reject", reason: "x".repeat(1001) }, { reason: ["Maksimal 1000 karakter"] }],
      [{ outcome: "maybe", reason: "Diperiksa." }, { outcome: ["Isian tidak valid"] }],
    ];
    for (const [body, fields] of cases) {
      const res = await decide(applicationId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: "validation_failed", fields });
    }
    expect(await rowCounts(t.database)).toEqual(counts);
    expect(await applicationRow(applicationId)).toMatchObject({ status: "waiting_for_investment" });
  });

  it("refuses customers (403), nobody (401) and an unknown application (404)", async () => {
    const { customerId, session } = await applicant();
    const { applicationId } = await submit(customerId);
    const own = await decide(applicationId, { outcome: "approve", reason: "Saya setuju." }, session);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe("forbidden_role");
    const anonymous = await t.app.inject({ method: "POST", url: `${APP}/account_applications/${applicationId}/decision`, headers: { "x-locale": "id" }, payload: { outcome: "approve", reason: "x" } });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await decide("00000000-0000-4000-8000-000000000001", { outcome: "approve", reason: "Diperiksa." });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "account_application_not_found", message: "Pengajuan tidak ditemukan." });
  });

  it("refuses a decision from a status where none makes sense (409), nothing changed", async () => {
    const { customerId } = await applicant();
    const { applicationId } = await submit(customerId);
    await t.app.db.transaction(async (tx) => {
      const { cancelApplication } = await import("./cancellation.ts");
      await cancelApplication(tx, applicationId, { kind: "customer", id: customerId }, jakartaToday());
    });
    const counts = await rowCounts(t.database);
    for (const outcome of ["approve", "reject"]) {
      const res = await decide(applicationId, { outcome, reason: "Diperiksa." });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: "illegal_transition",
        message: "Status pengajuan saat ini tidak memungkinkan tindakan ini. Muat ulang halaman untuk melihat status terbaru.",
      });
    }
    expect(await rowCounts(t.database)).toEqual(counts);
    expect(await applicationRow(applicationId)).toMatchObject({ status: "cancelled" });
  });
});
