import { schema } from "@pinjaman/db";
import { addressCities, addressRegions } from "@pinjaman/db/address-schema";
import { jakartaToday } from "@pinjaman/domain/dates";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { rowCounts } from "../../../test/harness.ts";
import { submitLoanApplication } from "../account-applications/submission.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";
import type { TestSession } from "../identity/test-sessions.ts";

const APP = "/app_api/v1";
const BO = `${APP}/back_office`;
/** A payroll flow asks no income: the automatic decision refers the application to an operator (decision 0010). */
const PAYROLL_KYC = { payroll_employer: "bni", employee_number: "12345", bank_code: "bca", bank_account_number: "1234567890", bank_account_holder: "Pemohon" };
const LOAN = { productKey: "spl", amount: 3_000_000, term: 6, dailyRatePpm: 1000, totalRepayment: 3_540_000, maturityOn: null, flowProgressId: null };

const t = appWithSessions({ operator: "operator@pinjaman.test", budi: "budi@pinjaman.test" });
let serial = 0;

/** A customer with a KYC profile, a KTP photo uploaded and a referred (submitted) application. */
async function referredApplicant(kyc: Record<string, unknown> = PAYROLL_KYC) {
  serial += 1;
  const email = `pemohon.tinjau.${serial}@contoh.co.id`;
  const [customer] = await t.app.db.insert(schema.customers).values({ name: `Pemohon Tinjau ${serial}`, email, phone: `+62812000${String(serial).padStart(4, "0")}` }).returning({ id: schema.customers.id });
  const customerId = customer!.id;
  await t.app.db.insert(schema.customerRoles).values({ customerId, typeKey: "primary" });
  const [upload] = await t.app.db
    .insert(schema.fieldUploads)
    .values({ customerId, storage: "local", objectKey: `test/ktp-${serial}.png`, filename: "ktp.png", mimeType: "image/png", size: 68, status: "uploaded", policyExpiresAt: new Date(), uploadedAt: new Date() })
    .returning();
  await t.app.db.insert(schema.customerProfiles).values({
    customerId,
    personalCode: `327301150590${String(serial + 5000).padStart(4, "0")}`,
    fullName: `Pemohon Tinjau ${serial}`,
    birthDate: "1990-05-15",
    kyc: { ...kyc, ktp_photo: upload!.id },
    consent: {},
  });
  const { applicationId, accountId } = await t.app.db.transaction((tx) => submitLoanApplication(tx, { customerId, ...LOAN, today: jakartaToday() }));
  return { customerId, applicationId, accountId, uploadId: upload!.id };
}

const get = (url: string, who: TestSession = t.operator) => t.app.inject({ method: "GET", url, headers: who.headers });
const decide = (id: string, body: unknown, who: TestSession = t.operator) =>
  t.app.inject({ method: "POST", url: `${APP}/account_applications/${id}/decision`, headers: who.headers, payload: body as Record<string, unknown> });
const actionsOn = (id: string) => t.app.db.select().from(schema.staffActions).where(eq(schema.staffActions.subjectId, id));

describe("GET back_office/applications/search", () => {
  it("lists submitted applications oldest first, the referred ones marked; other statuses on request", async () => {
    const a = await referredApplicant();
    const res = await get(`${BO}/applications/search`);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.find((i: { id: string }) => i.id === a.applicationId);
    expect(item).toEqual({
      id: a.applicationId,
      status: "submitted",
      borrower_name: `Pemohon Tinjau ${serial}`,
      product_name: expect.any(String),
      amount: 3_000_000,
      term: 6,
      submitted_on: jakartaToday(),
      referred: true,
      risk_grade: null,
    });
    expect(res.json().meta).toMatchObject({ page: 1, per_page: 25 });
    expect(res.json().data.every((i: { status: string }) => i.status === "submitted")).toBe(true);
    const rejected = await get(`${BO}/applications/search?status=rejected`);
    expect(rejected.json().data.every((i: { status: string }) => i.status === "rejected")).toBe(true);
  });

  it("refuses an unknown status or page with field messages (400), customers (403), no session (401)", async () => {
    const bad = await get(`${BO}/applications/search?status=activated&page=0`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["page", "status"]);
    const customer = await get(`${BO}/applications/search`, t.budi);
    expect([customer.statusCode, customer.json().error.code]).toEqual([403, "forbidden_role"]);
    expect((await t.app.inject({ method: "GET", url: `${BO}/applications/search` })).statusCode).toBe(401);
  });
});

describe("GET back_office/applications/{id}", () => {
  it("names the address answers' areas (province, city), and leaves a code it does not know as it is", async () => {
    await t.app.db.insert(addressRegions).values({ code: "32", name: "Jawa Barat" }).onConflictDoNothing();
    await t.app.db.insert(addressCities).values({ code: "32.73", regionCode: "32", name: "Kota Bandung" }).onConflictDoNothing();
    const a = await referredApplicant({ ...PAYROLL_KYC, region: "32", city: "32.73", district: "32.73.99", street: "Jl. Braga 1" });
    const res = await get(`${BO}/applications/${a.applicationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const answers = Object.fromEntries(res.json().data.kyc.answers.map((x: { key: string; value: string }) => [x.key, x.value]));
    expect(answers).toMatchObject({ region: "Jawa Barat", city: "Kota Bandung", district: "32.73.99", street: "Jl. Braga 1", payroll_employer: "bni" });
  });

  it("shows KYC data, documents, the decision's rules, the moves and the customer's history; the read is audited", async () => {
    const a = await referredApplicant();
    // An earlier, paid-out loan of the same customer.
    const earlier = await activeLoanFor(t.app.db, a.customerId, { effectiveOn: "2026-01-31" });
    const res = await get(`${BO}/applications/${a.applicationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.application).toMatchObject({ id: a.applicationId, status: "submitted", amount: 3_000_000, term: 6, total_repayment: 3_540_000 });
    expect(data.customer).toMatchObject({ id: a.customerId, email: `pemohon.tinjau.${serial}@contoh.co.id` });
    expect(data.kyc).toMatchObject({ personal_code: expect.stringMatching(/^\d{16}$/), birth_date: "1990-05-15" });
    expect(data.kyc.answers).toContainEqual({ key: "payroll_employer", value: "bni" });
    expect(data.kyc.answers.map((x: { key: string }) => x.key)).not.toContain("ktp_photo");
    expect(data.documents).toEqual([
      { id: a.uploadId, field_key: "ktp_photo", filename: "ktp.png", mime_type: "image/png", size: 68, url: `${BO}/applications/${a.applicationId}/documents/${a.uploadId}` },
    ]);
    expect(data.decision.outcome).toBe("refer");
    expect(data.decision.rules.find((r: { key: string }) => r.key === "affordability")).toMatchObject({ passed: null });
    expect(data.decision.rules.find((r: { key: string }) => r.key === "minimum_age")).toMatchObject({ passed: true });
    expect(data.transitions).toEqual([expect.objectContaining({ from_status: null, to_status: "submitted", event: "submit", actor_kind: "customer" })]);
    expect(data.history.loans).toEqual([expect.objectContaining({ id: earlier.accountId, status: "active", principal_balance: 2_000_000 })]);
    expect(data.history.applications).toEqual([expect.objectContaining({ id: earlier.applicationId, status: "activated" })]);
    expect(data.allowed_outcomes).toEqual(["approve", "reject"]);

    expect(await actionsOn(a.customerId)).toEqual([
      expect.objectContaining({ staffId: t.operator.customerId, permission: "applications.review", action: "application.kyc_read", subjectType: "customer" }),
    ]);
  });

  it("answers 404 for an unknown application, 400 for a bad id, 403 to a customer (nothing recorded)", async () => {
    const a = await referredApplicant();
    expect((await get(`${BO}/applications/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`${BO}/applications/nope`)).statusCode).toBe(400);
    const customer = await get(`${BO}/applications/${a.applicationId}`, t.budi);
    expect([customer.statusCode, customer.json().error.code]).toEqual([403, "forbidden_role"]);
    expect(await actionsOn(a.customerId)).toEqual([]);
  });

  it("serves a document of the application's customer only (another customer's upload: 404), audited", async () => {
    const a = await referredApplicant();
    const b = await referredApplicant();
    const foreign = await get(`${BO}/applications/${a.applicationId}/documents/${b.uploadId}`);
    expect(foreign.statusCode).toBe(404);
    const customer = await get(`${BO}/applications/${a.applicationId}/documents/${a.uploadId}`, t.budi);
    expect(customer.statusCode).toBe(403);
  });
});

describe("POST account_applications/{id}/decision on the staff rule", () => {
  it("approves with the reason; the decision is audited with before and after; approving again is 409", async () => {
    const a = await referredApplicant();
    const res = await decide(a.applicationId, { outcome: "approve", reason: "Slip gaji dan KTP sesuai." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "waiting_for_investment" });
    const actions = await actionsOn(a.applicationId);
    expect(actions).toEqual([expect.objectContaining({ permission: "applications.review", action: "application.approve", reason: "Slip gaji dan KTP sesuai." })]);
    expect(actions[0]!.before).toMatchObject({ status: "submitted" });
    expect(actions[0]!.after).toMatchObject({ status: "waiting_for_investment" });

    const counts = await rowCounts(t.database);
    const again = await decide(a.applicationId, { outcome: "approve", reason: "Lagi." });
    expect(again.statusCode).toBe(409);
    expect(await rowCounts(t.database)).toEqual(counts);
  });

  it("refuses a customer (403) and a missing reason (400 on reason), nothing changed", async () => {
    const a = await referredApplicant();
    const counts = await rowCounts(t.database);
    const customer = await decide(a.applicationId, { outcome: "approve", reason: "Saya setujui sendiri." }, t.budi);
    expect([customer.statusCode, customer.json().error.code]).toEqual([403, "forbidden_role"]);
    const blank = await decide(a.applicationId, { outcome: "reject" });
    expect([blank.statusCode, blank.json().error.fields]).toEqual([400, { reason: ["Wajib diisi"] }]);
    expect(await rowCounts(t.database)).toEqual(counts);
  });
});
