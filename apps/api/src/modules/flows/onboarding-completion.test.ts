import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@pinjaman/db";
import { importPostalCodes, resolvePostalCodesCsv } from "@pinjaman/db/address-data";
import { dailyRateCap, jakartaToday } from "@pinjaman/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { lastCode, messagesTo, responseCookie, wrongCode } from "../authentication/auth-test-kit.ts";
import { uploadFlowJpeg, type UploadAuth } from "../field-uploads/upload-test-kit.ts";
import { sessionFor } from "../identity/test-sessions.ts";
import { defaultOfferSchedule } from "../offers/schedule-service.ts";

const PUB = "/pub_api/v1/open";
const APP = "/app_api/v1";

const UNDER_25 = "Mohon Maaf. Kami tidak lagi menerima pengajuan dari pengguna di bawah 25 tahun. Silahkan merujuk ke bagian persyaratan minimum di situs/aplikasi kami.";
const PASSWORD = "rahasia-Kuat-2026";
const STEP_KEYS = ["calculator", "account", "personal", "address", "work", "documents", "bank", "terms", "contract", "signature", "done"];

/** Wati: a woman born 15 May 1990 (day + 40 in the NIK), from Kota Bandung. */
const WATI = { email: "wati.lestari@contoh.co.id", phone: "+6281399990001", nik: "3273015505900001", birthDate: "1990-05-15" };
/** Wati's answers on the personal step: the NIK's birth date and gender. */
const WATI_PERSONAL = {
  full_name: "Wati Lestari",
  personal_code: WATI.nik,
  birth_place: "Bandung",
  birth_date: WATI.birthDate,
  gender: "female",
  marital_status: "married",
  education: "s1",
  mother_maiden_name: "Siti Aminah",
};
const NO_OTHER_PLATFORMS = { other_platforms_count: "0", other_platforms_instalment: "none" };
const BANDUNG = { region: "32", city: "32.73", district: "32.73.01", subdistrict: "32.73.01.1002", postal_code: "40153", street: "Jl. Merdeka No. 10", rt_rw: "003/005" };

type View = {
  id: string;
  status: string;
  step_index: number;
  steps_count: number;
  completed_redirect: string | null;
  step: { key: string; template: string; fields: { key: string; current_value: unknown; options: { value: string; label: string }[] | null }[]; data: Record<string, unknown> | null };
};

/** A browser visitor: no login until the account step, then the `client` cookie it set. */
type Visitor = { id: string; cookie: string | null };

describe("spl_onboarding through the HTTP calls", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "onboarding-uploads-"));
    t = await testApp({ UPLOAD_DIR: dir }, { areas: true });
    const csv = resolvePostalCodesCsv();
    if (!existsSync(csv)) throw new Error(`postal-code reference file missing at ${csv} (see ../shared/data/README.md)`);
    const imported = await importPostalCodes(t.database.db, csv);
    expect(imported.invalidRows).toEqual([]);
    expect(imported.unknownVillages).toEqual([]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const BROWSER = { "x-locale": "id" };
  const cookiesOf = (v: Visitor) => (v.cookie ? { cookies: { client: v.cookie } } : {});

  async function start(): Promise<Visitor> {
    const res = await t.app.inject({ method: "POST", url: `${PUB}/flows/spl_onboarding/flow_progresses`, payload: { data: {} } });
    expect(res.statusCode).toBe(201);
    return { id: (res.json().data as View).id, cookie: null };
  }

  const move = (v: Visitor, values: Record<string, unknown>, movement = "next") =>
    t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${v.id}/move/${movement}`, headers: BROWSER, ...cookiesOf(v), payload: { data: { values } } });

  async function moved(v: Visitor, values: Record<string, unknown>, to: string): Promise<View> {
    const res = await move(v, values);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data as View;
    expect(view.step.key).toBe(to);
    expect(view.step_index).toBe(STEP_KEYS.indexOf(to));
    return view;
  }

  const progressRow = async (id: string) => (await t.database.db.select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, id)))[0];

  const uploadJpeg = (auth: UploadAuth, filename: string, flowProgressId?: string) => uploadFlowJpeg(t.app, auth, filename, flowProgressId);

  function accountCookie(res: LightMyRequestResponse): string {
    const cookie = responseCookie(res, "client");
    expect(cookie?.httpOnly).toBe(true);
    return cookie?.value ?? "";
  }

  it("completes: customer, KYC profile with consent, a pending loan account and its application, decided and recorded", async () => {
    const v = await start();
    const before = await rowCounts(t.database);
    const startedAt = Date.now();
    const startedOn = jakartaToday();

    await moved(v, { amount: 3_000_000, term: 6 }, "account");
    const account = await move(v, { email: WATI.email, phone: WATI.phone, password: PASSWORD });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().data.step.key).toBe("personal");
    v.cookie = accountCookie(account);

    await moved(v, WATI_PERSONAL, "address");
    const work = await moved(v, BANDUNG, "work");
    expect(work.step.fields.map((f) => f.key)).toEqual(["employment_type", "employer_name", "monthly_income", "other_platforms_count", "other_platforms_instalment"]);
    await moved(v, { employment_type: "employee", employer_name: "PT Maju Jaya", monthly_income: "5m_10m", ...NO_OTHER_PLATFORMS }, "documents");

    const ktp = await uploadJpeg({ cookie: v.cookie }, "ktp.jpg", v.id);
    const selfie = await uploadJpeg({ cookie: v.cookie }, "selfie.jpg", v.id);
    await moved(v, { ktp_photo: ktp, selfie_photo: selfie }, "bank");
    await moved(v, { bank_code: "bca", bank_account_number: "1234567890", bank_account_holder: "Wati Lestari" }, "terms");
    const contract = await moved(v, { terms: true, geolocation: "-6.917464, 107.619125" }, "contract");
    expect((contract.step.data?.contract as { terms_version: string }).terms_version).toBe("2026-01");

    // Arriving at the signature step sends the code by SMS to the phone of the account step.
    expect(await messagesTo(t.database.db, WATI.phone, "sms")).toHaveLength(0);
    const signature = await moved(v, { agreement: true }, "signature");
    expect(await messagesTo(t.database.db, WATI.phone, "sms")).toHaveLength(1);
    expect((signature.step.data?.signature as { code_sent_to: string | null }).code_sent_to).toEqual(expect.any(String));
    const code = await lastCode(t.database.db, WATI.phone);

    const accountsBefore = await t.database.db.select().from(schema.accounts);
    const wrong = await move(v, { signature_code: wrongCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ signature_code: ["Kode salah. Sisa percobaan: 4."] });
    expect(await progressRow(v.id)).toMatchObject({ currentStep: "signature", status: "in_progress" });
    expect(await t.database.db.select().from(schema.accounts)).toEqual(accountsBefore);
    expect(await t.database.db.select().from(schema.customerProfiles)).toEqual([]);

    const done = await move(v, { signature_code: code });
    expect(done.statusCode, done.body).toBe(200);
    const view = done.json().data as View;
    expect(view.status).toBe("completed");
    expect(view.step.key).toBe("done");
    expect(view.step.template).toBe("end_flow");
    expect(view.completed_redirect).toBe("/profile");
    expect(view.step.data).toEqual({ redirect: "/profile" });

    // --- the database ---
    const [customer] = await t.database.db.select().from(schema.customers).where(eq(schema.customers.email, WATI.email));
    expect(customer).toMatchObject({ name: "Wati Lestari", phone: WATI.phone });
    const [profile] = await t.database.db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customer!.id));
    expect(profile).toMatchObject({ personalCode: WATI.nik, fullName: "Wati Lestari", birthDate: WATI.birthDate });
    expect(profile!.kyc).toEqual({
      amount: 3_000_000,
      term: 6,
      email: WATI.email,
      phone: WATI.phone,
      ...WATI_PERSONAL,
      ...BANDUNG,
      employment_type: "employee",
      employer_name: "PT Maju Jaya",
      monthly_income: "5m_10m",
      ...NO_OTHER_PLATFORMS,
      ktp_photo: ktp,
      selfie_photo: selfie,
      bank_code: "bca",
      bank_account_number: "1234567890",
      bank_account_holder: "Wati Lestari",
      terms: true,
      geolocation: "-6.917464, 107.619125",
      agreement: true,
    });
    const [signatureRow] = await t.database.db.select().from(schema.signatures).where(eq(schema.signatures.customerId, customer!.id));
    expect(signatureRow?.status).toBe("signed");
    expect(profile!.consent).toMatchObject({
      terms_version: "2026-01",
      accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      geolocation: "-6.917464, 107.619125",
      ip: "127.0.0.1",
      contract_signature_id: signatureRow!.id,
    });
    // Accepted during this run, however long it took.
    expect(Date.parse(String(profile!.consent.accepted_at))).toBeGreaterThanOrEqual(startedAt);
    expect(Date.parse(String(profile!.consent.accepted_at))).toBeLessThanOrEqual(Date.now());

    // Neither the password nor the signature code is kept anywhere in the answers.
    const row = await progressRow(v.id);
    const standalone = new RegExp(`(?<!\\d)${code}(?!\\d)`);
    for (const stored of [row!.values, profile!.kyc, profile!.consent]) {
      const text = JSON.stringify(stored);
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain("password");
      expect(text).not.toContain("signature_code");
      expect(text).not.toMatch(standalone);
    }
    expect(row).toMatchObject({ status: "completed", currentStep: "done", customerId: customer!.id, completedAt: expect.any(Date) });

    const accounts = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.customerId, customer!.id));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ typeKey: "loan", productKey: "spl", status: "pending", paymentChannel: null });
    const applications = await t.database.db.select().from(schema.accountApplications).where(eq(schema.accountApplications.accountId, accounts[0]!.id));
    expect(applications).toHaveLength(1);
    const application = applications[0]!;

    // The offer as shown on the day the application was submitted (today, or yesterday when the
    // run crossed midnight Jakarta: the schedule's dates start from that day).
    const today = application.submittedOn!;
    expect([startedOn, jakartaToday()]).toContain(today);
    const offer = await defaultOfferSchedule(t.app.db, "spl", { amount: 3_000_000, term: 6 }, today);
    expect(offer.instalments).toHaveLength(6);
    // Every rule passed: Rp3.000.000 over 6 months is about 15 % of Rp5.000.000 (grade B: ratio
    // 10-20 %, an employee, no other platform).
    expect(application).toMatchObject({
      typeKey: "initial",
      status: "waiting_for_investment",
      riskGrade: "B",
      rejectionReason: null,
      amount: 3_000_000,
      term: 6,
      dailyRatePpm: offer.daily_rate_ppm,
      totalRepayment: offer.total_repayment,
      flowProgressId: v.id,
      submittedOn: today,
      effectiveOn: null,
      maturityOn: offer.instalments.at(-1)!.due_on,
    });
    expect(application.dailyRatePpm).toBeGreaterThan(0);
    expect(application.dailyRatePpm).toBeLessThanOrEqual(dailyRateCap("consumptive", 6, today));
    expect(application.totalRepayment).toBeGreaterThan(3_000_000);

    // One of each: the visitor's run created exactly one customer, profile, account and application.
    const after = await rowCounts(t.database);
    expect(after.customers! - before.customers!).toBe(1);
    expect(after.customer_profiles! - before.customer_profiles!).toBe(1);
    expect(after.accounts! - before.accounts!).toBe(1);
    expect(after.account_applications! - before.account_applications!).toBe(1);
    expect(after.field_uploads! - before.field_uploads!).toBe(2);

    // The customer sees it among their applications.
    const search = await t.app.inject({ method: "POST", url: `${APP}/account_applications/search`, headers: { "x-locale": "id" }, cookies: { client: v.cookie }, payload: { filters: [] } });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data).toEqual([
      {
        id: application.id,
        account_id: accounts[0]!.id,
        product_key: "spl",
        product_name: "Pinjaman Cicilan",
        type_key: "initial",
        status: "waiting_for_investment",
        amount: 3_000_000,
        term: 6,
        daily_rate_ppm: offer.daily_rate_ppm,
        total_repayment: offer.total_repayment,
        submitted_on: today,
        effective_on: null,
        maturity_on: offer.instalments.at(-1)!.due_on,
        risk_grade: "B",
        rejection_reason: null,
      },
    ]);

    // Recorded: the account and the application created by the customer, then the decision.
    const transitions = await t.database.db.select().from(schema.statusTransitions).where(inArray(schema.statusTransitions.subjectId, [accounts[0]!.id, application.id])).orderBy(asc(schema.statusTransitions.sequence));
    expect(transitions.map((r) => [r.subjectType, r.fromStatus, r.event, r.toStatus, r.actorKind, r.actorId])).toEqual([
      ["account", null, "open", "pending", "customer", customer!.id],
      ["account_application", null, "submit", "submitted", "customer", customer!.id],
      ["account_application", "submitted", "approve", "waiting_for_investment", "system", null],
    ]);
    const [decision] = await t.database.db.select().from(schema.applicationDecisions).where(eq(schema.applicationDecisions.accountApplicationId, application.id));
    expect(decision).toMatchObject({ outcome: "approve", riskGrade: "B" });
    expect((decision!.rules as { key: string; passed: boolean }[]).map((r) => [r.key, r.passed])).toEqual([
      ["minimum_age", true],
      ["personal_code_unique", true],
      ["one_open_application", true],
      ["other_platforms", true],
      ["affordability", true],
    ]);

    // A completed progress takes no further move.
    const counts = await rowCounts(t.database);
    const again = await move(v, { signature_code: code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "flow_progress_closed", message: "Pengajuan ini sudah selesai atau dibatalkan." });
    expect(await rowCounts(t.database)).toEqual(counts);
  }, 60_000);

  describe("each step refuses wrong answers with 422 on the field and does not move", () => {
    let serial = 100;
    /** Rina's personal answers but the NIK and birth date, which each test picks. */
    const personal = {
      full_name: "Rina Kusuma",
      birth_place: "Bandung",
      gender: "female",
      marital_status: "single",
      education: "sma",
      mother_maiden_name: "Sri Rahayu",
    };
    /** A new visitor driven with good answers up to `step` (the account step makes them a customer). */
    async function visitorAt(step: string): Promise<Visitor & { phone: string }> {
      serial += 1;
      const v = await start();
      const phone = `+62813999${String(serial).padStart(5, "0")}`;
      const good: Record<string, () => Promise<Record<string, unknown>>> = {
        calculator: async () => ({ amount: 2_000_000, term: 4 }),
        account: async () => ({ email: `pemohon${serial}@contoh.co.id`, phone, password: PASSWORD }),
        personal: async () => ({ ...personal, personal_code: `3273015505900${serial}`, birth_date: "1990-05-15" }),
        address: async () => BANDUNG,
        work: async () => ({ employment_type: "freelancer", employer_name: "Sendiri", monthly_income: "3m_5m", ...NO_OTHER_PLATFORMS }),
        documents: async () => ({ ktp_photo: await uploadJpeg({ cookie: v.cookie! }, "ktp.jpg"), selfie_photo: await uploadJpeg({ cookie: v.cookie! }, "selfie.jpg") }),
      };
      for (const key of STEP_KEYS.slice(0, STEP_KEYS.indexOf(step))) {
        const res = await move(v, await good[key]!());
        expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
        if (key === "account") v.cookie = accountCookie(res);
      }
      expect((await progressRow(v.id))?.currentStep).toBe(step);
      return { ...v, phone };
    }

    async function refused(v: Visitor, step: string, values: Record<string, unknown>, fields: Record<string, string[]>) {
      const row = await progressRow(v.id);
      const counts = await rowCounts(t.database);
      const res = await move(v, values);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.fields).toEqual(fields);
      expect(await rowCounts(t.database)).toEqual(counts);
      const after = await progressRow(v.id);
      expect(after?.currentStep).toBe(step);
      expect(after?.values).toEqual(row?.values);
      expect(after?.history).toEqual(row?.history);
    }

    it("calculator: an amount off the slider and a term over the product's", async () => {
      const v = await start();
      await refused(v, "calculator", { amount: 750_000, term: 13 }, {
        amount: ["Pilih nilai antara Rp 500.000 dan Rp 20.000.000"],
        term: ["Pilih nilai antara 1 bulan dan 12 bulan"],
      });
    });

    it("account: a weak password and an e-mail already registered; no customer is created", async () => {
      const v = await visitorAt("account");
      await refused(v, "account", { email: "budi@pinjaman.test", phone: "+6281399988877", password: "pendek" }, {
        email: ["E-mail ini sudah terdaftar. Silakan masuk dengan akun Anda."],
        password: ["Kata sandi minimal 10 karakter dan harus berisi huruf dan angka."],
      });
    });

    it("personal: a NIK of someone under 25 with the spec's exact message", async () => {
      const v = await visitorAt("personal");
      // Born 5 January 2005 (a woman: day 45): 21 years old.
      await refused(v, "personal", { ...personal, personal_code: "3273014501050003", birth_date: "2005-01-05" }, { personal_code: [UNDER_25] });
    });

    it("personal: a birth date that is not the NIK's and a gender that is not the NIK's", async () => {
      const v = await visitorAt("personal");
      await refused(v, "personal", { ...personal, personal_code: "3273015505900777", birth_date: "1990-05-16", gender: "male" }, {
        birth_date: ["Tanggal lahir tidak sesuai dengan NIK."],
        gender: ["Jenis kelamin tidak sesuai dengan NIK."],
      });
    });

    it("personal: a NIK already on another customer's profile", async () => {
      const v = await visitorAt("personal");
      // Budi's profile holds this NIK (a man born 15 May 1985).
      const [budi] = await t.database.db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, "budi@pinjaman.test"));
      const nik = "3273011505850002";
      await t.database.db
        .insert(schema.customerProfiles)
        .values({ customerId: budi!.id, personalCode: nik, fullName: "Budi Santoso", birthDate: "1985-05-15", kyc: {}, consent: {} })
        .onConflictDoNothing();
      await refused(v, "personal", { ...personal, personal_code: nik, birth_date: "1985-05-15", gender: "male" }, { personal_code: ["NIK ini sudah terdaftar pada akun lain."] });
    });

    it("address: a city that is not in the chosen province, and a postal code of another village", async () => {
      const v = await visitorAt("address");
      await refused(v, "address", { ...BANDUNG, city: "31.71" }, { city: ["Kota/kabupaten ini tidak berada di provinsi yang dipilih."] });
      await refused(v, "address", { ...BANDUNG, postal_code: "40111" }, {
        postal_code: ["Kode pos tidak sesuai dengan kelurahan/desa yang dipilih (seharusnya 40153)."],
      });
    });

    it("documents: someone else's upload and a missing selfie", async () => {
      const v = await visitorAt("documents");
      const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
      const budisKtp = await uploadJpeg({ headers: budi.headers }, "ktp-budi.jpg");
      const own = await uploadJpeg({ cookie: v.cookie! }, "selfie.jpg");
      await refused(v, "documents", { ktp_photo: budisKtp, selfie_photo: own }, { ktp_photo: ["Berkas ini bukan milik Anda. Silakan unggah berkas Anda sendiri."] });
      await refused(v, "documents", { ktp_photo: own }, { selfie_photo: ["Wajib diisi"] });
    });

    it("bank: an account number with letters and a holder name with digits", async () => {
      const v = await visitorAt("bank");
      await refused(v, "bank", { bank_code: "bca", bank_account_number: "12345ABC90", bank_account_holder: "Rina Kusuma" }, {
        bank_account_number: ["Nomor rekening harus 6 sampai 20 angka."],
      });
      await refused(v, "bank", { bank_code: "bca", bank_account_number: "1234567890", bank_account_holder: "R1na" }, {
        bank_account_holder: ["Nama pemilik rekening hanya berisi huruf, minimal 3 karakter."],
      });
    });

    it("bank: an account held by someone else than the KTP's name", async () => {
      const v = await visitorAt("bank");
      await refused(v, "bank", { bank_code: "bca", bank_account_number: "1234567890", bank_account_holder: "Budi Hartono" }, {
        bank_account_holder: ["Nama pemilik rekening harus sama dengan nama pada KTP: Rina Kusuma. Dana hanya dikirim ke rekening atas nama Anda sendiri."],
      });
    });
  });
});
