import { schema } from "@pinjaman/db";
import { addDays, jakartaToday } from "@pinjaman/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { lastCode, wrongCode } from "../authentication/auth-test-kit.ts";
import { businessNow, moveClockOneDay } from "../business-clock/business-clock.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

const APP = "/app_api/v1";

type Field = { key: string; current_value: unknown };
type View = { id: string; status: string; steps_count: number; step: { key: string; template: string; fields: Field[]; movements: { id: string }[]; data: Record<string, unknown> | null } };

const IN_FLIGHT = "Anda masih memiliki pengajuan pinjaman yang sedang diproses. Pinjaman baru dapat diajukan setelah pengajuan tersebut selesai.";
const UNPAID = "Anda masih memiliki pinjaman yang belum lunas. Pinjaman baru dapat diajukan setelah pinjaman tersebut lunas.";
const FLOW_OPEN = "Anda masih memiliki pengajuan yang belum selesai diisi. Lanjutkan pengajuan tersebut, atau tunggu hingga pengajuan itu kedaluwarsa.";

/** What a returning customer's profile holds from their first application. */
const KNOWN = {
  employment_type: "employee",
  employer_name: "PT Lama Sejahtera",
  monthly_income: "5m_10m",
  other_platforms_count: "0",
  other_platforms_instalment: "none",
  payroll_employer: "bni_life",
  employee_number: "EMP-00417",
  bank_code: "bni",
  bank_account_number: "0987654321",
  bank_account_holder: "Rudi Hartono",
  ktp_photo: "{\"id\":\"old-upload\"}",
  agreement: true,
};

describe("returning-customer flows (decision 0018)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  }, 120_000);
  afterAll(() => t.close());

  const db = () => t.database.db;
  const get = (s: TestSession | null, url: string) => t.app.inject({ method: "GET", url: `${APP}${url}`, headers: { "x-locale": "id", ...(s?.headers ?? {}) } });
  const post = (s: TestSession, url: string, payload: object) => t.app.inject({ method: "POST", url: `${APP}${url}`, headers: { "x-locale": "id", ...s.headers }, payload });
  const patch = (s: TestSession, url: string, payload: object) => t.app.inject({ method: "PATCH", url: `${APP}${url}`, headers: { "x-locale": "id", ...s.headers }, payload });
  const route = async (s: TestSession, flowKey: string) => {
    const res = await get(s, `/new_loan_flow?flow_key=${flowKey}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { flow_key: string; refusal: { code: string; message: string } | null };
  };
  const start = async (s: TestSession, flowKey: string) => {
    const res = await post(s, `/flows/${flowKey}/flow_progresses`, { data: {} });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as View;
  };
  const move = async (s: TestSession, id: string, values: Record<string, unknown>, to: string) => {
    const res = await patch(s, `/flow_progresses/${id}/move/next`, { data: { values } });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data as View;
    expect(view.step.key).toBe(to);
    return view;
  };
  const valueOf = (view: View, key: string) => view.step.fields.find((f) => f.key === key)?.current_value;

  /** A customer whose only loan (4 million over 6 months) was disbursed and repaid: a returning customer. */
  async function returningCustomer(email: string, phone: string, nik: string, name: string): Promise<TestSession> {
    const [customer] = await db().insert(schema.customers).values({ name, email, phone, passwordHash: "x" }).returning({ id: schema.customers.id });
    await db().insert(schema.customerRoles).values({ customerId: customer!.id, typeKey: "primary" });
    await db()
      .insert(schema.customerProfiles)
      .values({ customerId: customer!.id, personalCode: nik, fullName: name, birthDate: "1985-05-15", kyc: { ...KNOWN, personal_code: nik, full_name: name, bank_account_holder: name }, consent: { terms_version: "2026-01" } });
    const [account] = await db()
      .insert(schema.accounts)
      .values({ customerId: customer!.id, typeKey: "loan", productKey: "spl", status: "closed", principalBalance: 0, activatedOn: "2025-01-10", closedOn: "2025-07-10" })
      .returning({ id: schema.accounts.id });
    await db().insert(schema.accountApplications).values({
      accountId: account!.id,
      typeKey: "initial",
      status: "closed",
      amount: 4_000_000,
      term: 6,
      dailyRatePpm: 3000,
      totalRepayment: 6_160_000,
      submittedOn: "2025-01-05",
      effectiveOn: "2025-01-10",
      maturityOn: "2025-07-10",
    });
    return sessionFor(db(), email);
  }

  it("routes by the customer's book: new to bank → spl_returning_ntb (and the product's own onboarding), returning → the returning flows", async () => {
    const budi = await sessionFor(db(), "budi@pinjaman.test");
    expect(await route(budi, "spl_onboarding")).toEqual({ flow_key: "spl_returning_ntb", refusal: null });
    expect(await route(budi, "bni_payroll_loan_plus_payroll_loan")).toEqual({ flow_key: "bni_payroll_loan_plus_payroll_loan", refusal: null });
    expect(await route(budi, "alumak_onboarding")).toEqual({ flow_key: "alumak_onboarding", refusal: null });
    const sari = await sessionFor(db(), "sari@pinjaman.test");
    expect(await route(sari, "spl_onboarding")).toEqual({ flow_key: "spl_returning_ntb", refusal: null });

    const rudi = await returningCustomer("rudi@contoh.co.id", "+6281399990101", "3273011505850002", "Rudi Hartono");
    expect(await route(rudi, "spl_onboarding")).toEqual({ flow_key: "spl_returning", refusal: null });
    expect(await route(rudi, "bni_payroll_loan_plus_payroll_loan")).toEqual({ flow_key: "bni_payroll_loan_plus_payroll_loan_returning", refusal: null });
    // An application that took effect counts as a loan paid out even before the account shows it activated.
    await db().update(schema.accounts).set({ activatedOn: null }).where(eq(schema.accounts.customerId, rudi.customerId));
    expect((await route(rudi, "spl_onboarding")).flow_key).toBe("spl_returning");
    // Only rejected or cancelled applications: new to bank.
    const [rudisAccount] = await db().select().from(schema.accounts).where(eq(schema.accounts.customerId, rudi.customerId));
    await db().update(schema.accountApplications).set({ status: "rejected", effectiveOn: null }).where(eq(schema.accountApplications.accountId, rudisAccount!.id));
    expect((await route(rudi, "spl_onboarding")).flow_key).toBe("spl_returning_ntb");

    // Not a registration flow: 404; no session: 401; bad input: 400 with the field.
    expect((await get(rudi, "/new_loan_flow?flow_key=profile_change")).statusCode).toBe(404);
    expect((await get(null, "/new_loan_flow?flow_key=spl_onboarding")).statusCode).toBe(401);
    const bad = await get(rudi, "/new_loan_flow?flow_key=Bad-Key");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("flow_key");
  });

  it("spl_returning: starts prefilled from the profile and the last loan, refuses client-written known data, submits and decides like onboarding", async () => {
    const wulan = await returningCustomer("wulan@contoh.co.id", "+6281399990102", "3273015505900003", "Wulan Sari");
    const preview = await get(wulan, "/flows/spl_returning/flow_progresses/new");
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.steps_count).toBe(6);

    const calculator = await start(wulan, "spl_returning");
    expect(calculator.step.key).toBe("calculator");
    expect([valueOf(calculator, "amount"), valueOf(calculator, "term")]).toEqual([4_000_000, 6]);
    const [stored] = await db().select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, calculator.id));
    expect(stored!.values).toMatchObject({ full_name: "Wulan Sari", personal_code: "3273015505900003", employer_name: "PT Lama Sejahtera", bank_account_number: "0987654321" });
    // Photos and consent are never carried over.
    expect(stored!.values).not.toHaveProperty("ktp_photo");
    expect(stored!.values).not.toHaveProperty("agreement");

    // The server's known data cannot be overwritten by the client (not a field of any step here).
    const forged = await patch(wulan, `/flow_progresses/${calculator.id}`, { data: { values: { personal_code: "3273010101900001" } } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toEqual({ personal_code: ["Isian ini tidak ada pada langkah ini."] });

    // Bad input: a field message, nothing moves.
    const badAmount = await patch(wulan, `/flow_progresses/${calculator.id}/move/next`, { data: { values: { amount: 123 } } });
    expect(badAmount.statusCode).toBe(422);
    expect(Object.keys(badAmount.json().error.fields)).toEqual(["amount"]);

    const work = await move(wulan, calculator.id, { amount: 3_000_000, term: 6 }, "work");
    expect(work.step.fields.map((f) => [f.key, f.current_value])).toEqual([
      ["employment_type", "employee"],
      ["employer_name", "PT Lama Sejahtera"],
      ["monthly_income", "5m_10m"],
      ["other_platforms_count", "0"],
      ["other_platforms_instalment", "none"],
    ]);
    const bank = await move(wulan, calculator.id, { employer_name: "PT Baru Makmur" }, "bank");
    expect([valueOf(bank, "bank_code"), valueOf(bank, "bank_account_number"), valueOf(bank, "bank_account_holder")]).toEqual(["bni", "0987654321", "Wulan Sari"]);
    const badBank = await patch(wulan, `/flow_progresses/${calculator.id}/move/next`, { data: { values: { bank_account_number: "12ab" } } });
    expect(badBank.statusCode).toBe(422);
    expect(badBank.json().error.fields).toEqual({ bank_account_number: [expect.any(String)] });
    // Whose account the loan is paid to: the holder must be the KTP's name (the profile's), whatever else is typed.
    const otherHolder = await patch(wulan, `/flow_progresses/${calculator.id}/move/next`, { data: { values: { bank_account_holder: "Budi Hartono" } } });
    expect(otherHolder.json().error.fields).toEqual({
      bank_account_holder: ["Nama pemilik rekening harus sama dengan nama pada KTP: Wulan Sari. Dana hanya dikirim ke rekening atas nama Anda sendiri."],
    });
    const contract = await move(wulan, calculator.id, { bank_account_holder: "Ibu WULAN SARI" }, "contract");
    expect((contract.step.data?.contract as { title: string; paragraphs: string[] }).paragraphs.join(" ")).toContain("Wulan Sari");
    expect(valueOf(contract, "agreement")).toBe(false);
    await move(wulan, calculator.id, { agreement: true }, "signature");
    const code = await lastCode(db(), "+6281399990102");
    const wrong = await patch(wulan, `/flow_progresses/${calculator.id}/move/next`, { data: { values: { signature_code: wrongCode(code) } } });
    expect(wrong.statusCode).toBe(422);

    const before = await rowCounts(t.database);
    const done = await move(wulan, calculator.id, { signature_code: code }, "done");
    expect(done.status).toBe("completed");
    const after = await rowCounts(t.database);
    expect(after.accounts! - before.accounts!).toBe(1);
    expect(after.account_applications! - before.account_applications!).toBe(1);
    expect(after.customers! - before.customers!).toBe(0);

    const applications = await db()
      .select({ status: schema.accountApplications.status, amount: schema.accountApplications.amount, term: schema.accountApplications.term, productKey: schema.accounts.productKey, flowProgressId: schema.accountApplications.flowProgressId, submittedOn: schema.accountApplications.submittedOn })
      .from(schema.accountApplications)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
      .where(and(eq(schema.accounts.customerId, wulan.customerId), eq(schema.accountApplications.status, "waiting_for_investment")));
    expect(applications).toEqual([{ status: "waiting_for_investment", amount: 3_000_000, term: 6, productKey: "spl", flowProgressId: calculator.id, submittedOn: jakartaToday() }]);
    const [profile] = await db().select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, wulan.customerId));
    expect(profile!.personalCode).toBe("3273015505900003");
    expect(profile!.kyc).toMatchObject({ employer_name: "PT Baru Makmur", bank_account_holder: "Ibu WULAN SARI", payroll_employer: "bni_life", amount: 3_000_000 });
    expect(profile!.consent).toMatchObject({ terms_version: "2026-01", contract_signature_id: expect.any(String) });

    // Now an application is in flight: the rule routes to no_flow_available and refuses a start.
    expect(await route(wulan, "spl_onboarding")).toEqual({ flow_key: "no_flow_available", refusal: { code: "application_in_flight", message: IN_FLIGHT } });
    const refused = await post(wulan, "/flows/spl_returning/flow_progresses", { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "application_in_flight", message: IN_FLIGHT });
    // Onboarding started by a signed-in customer is held to the same rule.
    expect((await post(wulan, "/flows/spl_onboarding/flow_progresses", { data: {} })).json().error.code).toBe("application_in_flight");

    // no_flow_available says why, links to the profile, and cannot be submitted.
    const info = await get(wulan, "/flows/no_flow_available/flow_progresses/new");
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.step).toMatchObject({ key: "no_flow", template: "end_flow", movements: [], data: { redirect: "/profile", reason: IN_FLIGHT, resume: null } });
    const notStartable = await post(wulan, "/flows/no_flow_available/flow_progresses", { data: {} });
    expect(notStartable.statusCode).toBe(409);
    expect(notStartable.json().error.code).toBe("flow_not_startable");
  });

  it("the payroll returning flow: prefilled payroll data, submitted for the payroll product", async () => {
    const agus = await returningCustomer("agus@contoh.co.id", "+6281399990103", "3273011505850004", "Agus Salim");
    const calculator = await start(agus, "bni_payroll_loan_plus_payroll_loan_returning");
    const payroll = await move(agus, calculator.id, { amount: 2_000_000, term: 4 }, "payroll");
    expect([valueOf(payroll, "payroll_employer"), valueOf(payroll, "employee_number")]).toEqual(["bni_life", "EMP-00417"]);
    await move(agus, calculator.id, {}, "bank");
    await move(agus, calculator.id, {}, "contract");
    await move(agus, calculator.id, { agreement: true }, "signature");
    const done = await move(agus, calculator.id, { signature_code: await lastCode(db(), "+6281399990103") }, "done");
    expect(done.status).toBe("completed");
    const rows = await db()
      .select({ productKey: schema.accounts.productKey, amount: schema.accountApplications.amount, status: schema.accountApplications.status })
      .from(schema.accountApplications)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
      .where(and(eq(schema.accounts.customerId, agus.customerId), eq(schema.accounts.status, "pending")));
    expect(rows).toEqual([{ productKey: "bni_payroll_loan", amount: 2_000_000, status: "waiting_for_investment" }]);
  });

  it("unpaid principal and another open loan flow forbid a new loan; restarting the same flow does not", async () => {
    const eka = await returningCustomer("eka@contoh.co.id", "+6281399990104", "3273011505850005", "Eka Putra");
    const open = await start(eka, "spl_returning");
    // The same flow again replaces the open one.
    await start(eka, "spl_returning");
    expect((await db().select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, open.id)))[0]!.status).toBe("cancelled");
    // Another loan-application flow while one is open: refused.
    const refused = await post(eka, "/flows/bni_payroll_loan_plus_payroll_loan_returning/flow_progresses", { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "flow_in_progress", message: FLOW_OPEN });
    expect(await route(eka, "bni_payroll_loan_plus_payroll_loan")).toEqual({ flow_key: "no_flow_available", refusal: { code: "flow_in_progress", message: FLOW_OPEN } });
    // The page says why and leads to the open flow.
    const info = await get(eka, "/flows/no_flow_available/flow_progresses/new");
    const reopened = (await db().select().from(schema.flowProgresses).where(and(eq(schema.flowProgresses.customerId, eka.customerId), eq(schema.flowProgresses.status, "in_progress"))))[0]!;
    expect(info.json().data.step.data).toEqual({ redirect: "/profile", reason: FLOW_OPEN, resume: `/flows/spl_returning?progress=${reopened.id}` });
    // A non-loan flow (profile change) does not count.
    await db().update(schema.flowProgresses).set({ status: "cancelled" }).where(eq(schema.flowProgresses.customerId, eka.customerId));
    await start(eka, "profile_change");
    expect(await route(eka, "spl_onboarding")).toEqual({ flow_key: "spl_returning", refusal: null });

    // A flow started while nothing was owed, submitted after a loan was disbursed: refused, nothing created.
    const late = await start(eka, "spl_returning");
    await move(eka, late.id, {}, "work");
    await move(eka, late.id, {}, "bank");
    await move(eka, late.id, {}, "contract");
    await move(eka, late.id, { agreement: true }, "signature");
    await db().update(schema.accounts).set({ status: "active", principalBalance: 1_500_000 }).where(eq(schema.accounts.customerId, eka.customerId));
    const counts = await rowCounts(t.database);
    const submitted = await patch(eka, `/flow_progresses/${late.id}/move/next`, { data: { values: { signature_code: await lastCode(db(), "+6281399990104") } } });
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().error).toEqual({ code: "unpaid_principal", message: UNPAID });
    const after = await rowCounts(t.database);
    expect([after.accounts, after.account_applications, after.status_transitions]).toEqual([counts.accounts, counts.account_applications, counts.status_transitions]);
    expect((await db().select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, late.id)))[0]).toMatchObject({ status: "in_progress", currentStep: "signature" });

    expect(await route(eka, "spl_onboarding")).toEqual({ flow_key: "no_flow_available", refusal: { code: "unpaid_principal", message: UNPAID } });
    const unpaid = await post(eka, "/flows/spl_returning/flow_progresses", { data: {} });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toEqual({ code: "unpaid_principal", message: UNPAID });
  });

  it("spl_returning_ntb: onboarding's KYC steps without the account step, prefilled from what the profile holds", async () => {
    const sari = await sessionFor(db(), "sari@pinjaman.test");
    await db()
      .insert(schema.customerProfiles)
      .values({ customerId: sari.customerId, personalCode: "3273015505880006", fullName: "Sari Wulandari", birthDate: "1988-05-15", kyc: { bank_code: "bca", bank_account_number: "5550001112" }, consent: {} });
    const preview = await get(sari, "/flows/spl_returning_ntb/flow_progresses/new");
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.steps_count).toBe(10);
    const calculator = await start(sari, "spl_returning_ntb");
    const personal = await move(sari, calculator.id, { amount: 1_000_000, term: 3 }, "personal");
    expect([valueOf(personal, "full_name"), valueOf(personal, "personal_code"), valueOf(personal, "birth_date")]).toEqual(["Sari Wulandari", "3273015505880006", "1988-05-15"]);
    const [stored] = await db().select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, calculator.id));
    expect(stored!.values).toMatchObject({ bank_code: "bca", bank_account_number: "5550001112" });
    expect(stored!.values).not.toHaveProperty("email");
  });

  // Last in the file: it moves the sandbox's business clock for the rest of it.
  it("on a sandbox clock moved ahead, the application is submitted, decided and approved on the business date, not the wall clock's", async () => {
    const tono = await returningCustomer("tono@contoh.co.id", "+6281399990109", "3273011505850009", "Tono Wijaya");
    for (let day = 0; day < 3; day++) await moveClockOneDay(db(), new Date());
    const businessDate = (await businessNow(db(), { sandbox: true })).date;
    expect(businessDate).toBe(addDays(jakartaToday(), 3));
    const calculator = await start(tono, "bni_payroll_loan_plus_payroll_loan_returning");
    await move(tono, calculator.id, { amount: 2_000_000, term: 4 }, "payroll");
    await move(tono, calculator.id, {}, "bank");
    await move(tono, calculator.id, {}, "contract");
    await move(tono, calculator.id, { agreement: true }, "signature");
    expect((await move(tono, calculator.id, { signature_code: await lastCode(db(), "+6281399990109") }, "done")).status).toBe("completed");
    const rows = await db()
      .select({ status: schema.accountApplications.status, submittedOn: schema.accountApplications.submittedOn, approvedOn: schema.accountApplications.approvedOn })
      .from(schema.accountApplications)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
      .where(and(eq(schema.accounts.customerId, tono.customerId), eq(schema.accounts.status, "pending")));
    expect(rows).toEqual([{ status: "waiting_for_investment", submittedOn: businessDate, approvedOn: businessDate }]);
  });
});
