import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { lastCode, responseCookie } from "../authentication/auth-test-kit.ts";
import { approvedApplication } from "../funding/funding-fixtures.ts";
import { sessionFor } from "../identity/test-sessions.ts";

/** The lender registration (flow lender_onboarding, decision 0022) through the HTTP calls. */
const PUB = "/pub_api/v1/open";
const APP = "/app_api/v1";
const BROWSER = { "x-locale": "id" };

/** Rina: a woman born 15 May 1985 (day + 40 in the NIK). */
const RINA = { email: "rina.pemodal@contoh.co.id", phone: "+6281377770001", nik: "3273015505850002" };
/** Budi (sandbox borrower): a man born 1 Feb 1980. */
const BUDI_NIK = "3273010102800003";

const FINANCES = { annual_income: "Rp 240.000.000", source_of_funds: "salary", tax_residency: "resident" };
const BANK = { bank_code: "bni", bank_account_number: "0987654321", bank_account_holder: "Rina Kartika" };

type View = { id: string; status: string; completed_redirect: string | null; step: { key: string; fields: { key: string; current_value: unknown }[] } };
type Caller = { id: string; headers: Record<string, string>; cookie: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const move = (c: Caller, values: Record<string, unknown>, movement = "next") =>
  t.app.inject({
    method: "PATCH",
    url: `${APP}/flow_progresses/${c.id}/move/${movement}`,
    headers: c.headers,
    ...(c.cookie ? { cookies: { client: c.cookie } } : {}),
    payload: { data: { values } },
  });

async function moved(c: Caller, values: Record<string, unknown>, to: string): Promise<View> {
  const res = await move(c, values);
  expect(res.statusCode, res.body).toBe(200);
  const view = res.json().data as View;
  expect(view.step.key).toBe(to);
  return view;
}

async function refused(c: Caller, values: Record<string, unknown>): Promise<Record<string, string[]>> {
  const res = await move(c, values);
  expect(res.statusCode, res.body).toBe(422);
  return res.json().error.fields;
}

const lenderOf = async (customerId: string) => (await t.app.db.select().from(schema.lenderProfiles).where(eq(schema.lenderProfiles.customerId, customerId)))[0];
const rolesOf = async (customerId: string) =>
  (await t.app.db.select({ typeKey: schema.customerRoles.typeKey }).from(schema.customerRoles).where(eq(schema.customerRoles.customerId, customerId))).map((r) => r.typeKey).sort();

describe("a visitor becomes a lender", () => {
  it("creates the account in step one and, signed with the SMS code, the investment account, lender profile and lender role", async () => {
    const created = await t.app.inject({ method: "POST", url: `${PUB}/flows/lender_onboarding/flow_progresses`, payload: { data: {} } });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json().data as View;
    expect(first.step.key).toBe("account");
    const v: Caller = { id: first.id, headers: BROWSER, cookie: null };

    const account: LightMyRequestResponse = await move(v, { email: RINA.email, phone: RINA.phone, password: "rahasia-Kuat-2026" });
    expect(account.statusCode, account.body).toBe(200);
    expect((account.json().data as View).step.key).toBe("identity");
    v.cookie = responseCookie(account, "client")?.value ?? null;
    const [customer] = await t.app.db.select().from(schema.customers).where(eq(schema.customers.email, RINA.email));

    const identity = { full_name: "Rina Kartika", personal_code: RINA.nik };
    expect(await refused(v, { ...identity, npwp: "12.345" })).toEqual({ npwp: ["NPWP harus 15 atau 16 angka."] });
    await moved(v, { ...identity, npwp: "01.234.567.8-901.000" }, "finances");

    // The site's one amount parser: a decimal point or cents are refused with the format, not read as fewer rupiah.
    for (const typed of ["dua ratus juta", "240.000.000,00", "2.4", "240,5"]) {
      expect(await refused(v, { ...FINANCES, annual_income: typed })).toEqual({ annual_income: ["Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000."] });
    }
    expect(await refused(v, { ...FINANCES, annual_income: "35.999.999" })).toEqual({
      annual_income: ["Pemberi Dana wajib berpenghasilan minimal Rp36.000.000 per tahun (Rp3.000.000 per bulan)."],
    });
    await moved(v, FINANCES, "risk");

    const risk = await refused(v, { risk_statement: false });
    expect(Object.keys(risk)).toEqual(["risk_statement"]);
    await moved(v, { risk_statement: true }, "bank");
    // Money goes only to the lender's own account: another holder is refused, naming the KTP name.
    expect(await refused(v, { ...BANK, bank_account_holder: "Budi Lain" })).toEqual({
      bank_account_holder: ["Nama pemilik rekening harus sama dengan nama pada KTP: Rina Kartika. Dana hanya dikirim ke rekening atas nama Anda sendiri."],
    });
    await moved(v, BANK, "agreement");
    await moved(v, { lender_agreement: true }, "signature");

    const before = await rowCounts(t.database);
    const done = await moved(v, { signature_code: await lastCode(t.app.db, RINA.phone) }, "done");
    expect([done.status, done.completed_redirect]).toEqual(["completed", "/profile"]);
    const after = await rowCounts(t.database);
    expect([after.accounts! - before.accounts!, after.lender_profiles! - before.lender_profiles!, after.customers! - before.customers!]).toEqual([1, 1, 0]);

    const lender = await lenderOf(customer!.id);
    expect(lender).toMatchObject({ annualIncome: 240_000_000, sourceOfFunds: "salary", npwp: "012345678901000", taxResidency: "resident" });
    expect(lender!.riskAcceptedAt).toBeInstanceOf(Date);
    expect(lender!.agreementSignedAt).toBeInstanceOf(Date);
    const [investmentAccount] = await t.app.db.select().from(schema.accounts).where(eq(schema.accounts.id, lender!.investmentAccountId));
    expect(investmentAccount).toMatchObject({ customerId: customer!.id, typeKey: "investment", status: "active" });
    expect(await rolesOf(customer!.id)).toEqual(["modifier", "primary"]);
    const [profile] = await t.app.db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customer!.id));
    expect(profile).toMatchObject({ personalCode: RINA.nik, fullName: "Rina Kartika", birthDate: "1985-05-15" });
    expect(profile!.kyc).toMatchObject({ ...BANK, npwp: "012345678901000", lender_agreement: { version: "2026-11", signature_id: expect.any(String) } });

    // Rp240 million a year: a non-professional lender, limit 10 % = Rp24,000,000.
    const headers = { ...BROWSER, cookie: `client=${encodeURIComponent(v.cookie!)}` };
    const deposit = await t.app.inject({ method: "POST", url: `${APP}/accounts/${investmentAccount!.id}/deposits`, headers, payload: { data: { amount: 30_000_000, idempotency_key: "rina-topup-1" } } });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const { applicationId } = await approvedApplication(t.app.db, "peminjam.rina@contoh.co.id", 30_000_000);
    const invest = (amount: number, key: string) =>
      t.app.inject({ method: "POST", url: `${APP}/accounts/${investmentAccount!.id}/investments`, headers, payload: { data: { account_application_id: applicationId, amount, idempotency_key: key } } });
    expect((await invest(24_100_000, "rina-invest-1")).json().error.fields).toEqual({
      amount: ["Nominal melebihi batas penempatan dana Anda sesuai ketentuan OJK. Sisa batas Anda Rp 24.000.000."],
    });
    expect((await invest(24_000_000, "rina-invest-2")).statusCode).toBe(201);
  });
});

describe("a signed-in borrower becomes a lender", () => {
  it("skips the account step, keeps one customer and the profile's NIK, and cannot register twice", async () => {
    const db = t.app.db;
    const budi = await sessionFor(db, "budi@pinjaman.test");
    await db
      .insert(schema.customerProfiles)
      .values({ customerId: budi.customerId, personalCode: BUDI_NIK, fullName: "Budi Santoso", birthDate: "1980-02-01", kyc: { ...BANK, bank_account_holder: "Budi Santoso", employer_name: "PT Maju" }, consent: { terms_version: "2026-01" } })
      .onConflictDoNothing();
    const headers = { ...BROWSER, ...budi.headers };
    const customersBefore = (await rowCounts(t.database)).customers;

    // "Daftar jadi Pemberi Dana" takes a signed-in customer to the lender flow itself (no new-loan rule).
    const route = await t.app.inject({ method: "GET", url: `${APP}/new_loan_flow?flow_key=lender_onboarding`, headers });
    expect(route.json()).toEqual({ data: { flow_key: "lender_onboarding", refusal: null } });

    const created = await t.app.inject({ method: "POST", url: `${APP}/flows/lender_onboarding/flow_progresses`, headers, payload: { data: {} } });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json().data as View;
    expect(first.step.key).toBe("identity");
    expect(first.step.fields.find((f) => f.key === "personal_code")?.current_value).toBe(BUDI_NIK);
    const c: Caller = { id: first.id, headers, cookie: null };

    expect(await refused(c, { personal_code: "3273010102800011" })).toEqual({ personal_code: ["NIK berbeda dengan data profil Anda. Gunakan NIK yang sama."] });
    await moved(c, { personal_code: BUDI_NIK }, "finances");
    await moved(c, { annual_income: "600000000", source_of_funds: "business", tax_residency: "non_resident" }, "risk");
    await moved(c, { risk_statement: true }, "bank");
    const bank = await moved(c, {}, "agreement");
    expect(bank.step.key).toBe("agreement");
    await moved(c, { lender_agreement: true }, "signature");
    await moved(c, { signature_code: await lastCode(db, "+6281234567801") }, "done");

    expect((await rowCounts(t.database)).customers).toBe(customersBefore);
    expect(await lenderOf(budi.customerId)).toMatchObject({ annualIncome: 600_000_000, sourceOfFunds: "business", npwp: null, taxResidency: "non_resident" });
    expect(await rolesOf(budi.customerId)).toEqual(["modifier", "primary"]);
    const [profile] = await db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, budi.customerId));
    expect(profile!.kyc).toMatchObject({ employer_name: "PT Maju", bank_code: "bni" });
    expect(profile!.consent).toEqual({ terms_version: "2026-01" });
    const investmentAccounts = await db.select().from(schema.accounts).where(eq(schema.accounts.customerId, budi.customerId));
    expect(investmentAccounts.filter((a) => a.typeKey === "investment")).toHaveLength(1);

    const counts = await rowCounts(t.database);
    const again = await t.app.inject({ method: "POST", url: `${APP}/flows/lender_onboarding/flow_progresses`, headers, payload: { data: {} } });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      { code: "lender_already_registered", message: "Anda sudah terdaftar sebagai Pemberi Dana. Buka akun pendanaan Anda dari halaman profil." },
    ]);
    expect(await rowCounts(t.database)).toEqual(counts);
  });
});
