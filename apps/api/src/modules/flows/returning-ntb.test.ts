import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@pinjaman/db";
import { importPostalCodes, resolvePostalCodesCsv } from "@pinjaman/db/address-data";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { lastCode } from "../authentication/auth-test-kit.ts";
import { uploadFlowJpeg } from "../field-uploads/upload-test-kit.ts";
import { sessionFor } from "../identity/test-sessions.ts";

const APP = "/app_api/v1";
/** Sari: a lender (a woman born 15 May 1988, day + 40 in the NIK) applying for her first loan: new to bank. */
const NIK = "3273015505880006";
const BANDUNG = { region: "32", city: "32.73", district: "32.73.01", subdistrict: "32.73.01.1002", postal_code: "40153", street: "Jl. Merdeka No. 10" };

type View = { id: string; status: string; step: { key: string; fields: { key: string; current_value: unknown }[] } };

describe("spl_returning_ntb submitted end to end (decision 0018)", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "returning-ntb-uploads-"));
    t = await testApp({ UPLOAD_DIR: dir }, { areas: true });
    const csv = resolvePostalCodesCsv();
    if (!existsSync(csv)) throw new Error(`postal-code reference file missing at ${csv} (see ../shared/data/README.md)`);
    await importPostalCodes(t.database.db, csv);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("a lender with a profile: no account step, known answers prefilled, the profile's other answers kept, the application decided", async () => {
    const db = t.database.db;
    const sari = await sessionFor(db, "sari@pinjaman.test");
    await db.insert(schema.customerProfiles).values({
      customerId: sari.customerId,
      personalCode: NIK,
      fullName: "Sari Wulandari",
      birthDate: "1988-05-15",
      kyc: { bank_code: "bca", bank_account_number: "5550001112", bank_account_holder: "Sari Wulandari", lender_source_of_funds: "salary" },
      consent: {},
    });
    const headers = { "x-locale": "id", ...sari.headers };
    const created = await t.app.inject({ method: "POST", url: `${APP}/flows/spl_returning_ntb/flow_progresses`, headers, payload: { data: {} } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as View).id;
    const move = async (values: Record<string, unknown>, to: string, movement = "next") => {
      const res = await t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/${movement}`, headers, payload: { data: { values } } });
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json().data as View;
      expect(view.step.key).toBe(to);
      return view;
    };

    await move({ amount: 1_000_000, term: 3 }, "personal");
    // No account step to protect: the customer can go back and change the loan.
    const calculator = await move({}, "calculator", "back");
    expect(calculator.step.fields.find((f) => f.key === "amount")?.current_value).toBe(1_000_000);
    const personal = await move({ amount: 1_000_000, term: 3 }, "personal");
    expect(personal.step.fields.find((f) => f.key === "personal_code")?.current_value).toBe(NIK);
    await move({ birth_place: "Bandung", gender: "female", marital_status: "single", education: "s1", mother_maiden_name: "Siti" }, "address");
    await move(BANDUNG, "work");
    await move({ employment_type: "employee", employer_name: "PT Maju", monthly_income: "5m_10m", other_platforms_count: "0", other_platforms_instalment: "none" }, "documents");
    const ktp = await uploadFlowJpeg(t.app, { headers: sari.headers }, "ktp.jpg", id);
    const selfie = await uploadFlowJpeg(t.app, { headers: sari.headers }, "selfie.jpg", id);
    const bank = await move({ ktp_photo: ktp, selfie_photo: selfie }, "bank");
    expect(bank.step.fields.map((f) => f.current_value)).toEqual(["bca", "5550001112", "Sari Wulandari"]);
    await move({}, "terms");
    await move({ terms: true }, "contract");
    await move({ agreement: true }, "signature");

    const before = await rowCounts(t.database);
    const done = await move({ signature_code: await lastCode(db, "+6281234567802") }, "done");
    expect(done.status).toBe("completed");
    const after = await rowCounts(t.database);
    expect(after.customers! - before.customers!).toBe(0);
    expect(after.account_applications! - before.account_applications!).toBe(1);

    const [profile] = await db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, sari.customerId));
    expect(profile).toMatchObject({ personalCode: NIK, fullName: "Sari Wulandari", birthDate: "1988-05-15" });
    expect(profile!.kyc).toMatchObject({ lender_source_of_funds: "salary", employer_name: "PT Maju", bank_code: "bca", region: "32" });
    const [application] = await db
      .select({ status: schema.accountApplications.status, amount: schema.accountApplications.amount, productKey: schema.accounts.productKey })
      .from(schema.accountApplications)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
      .where(eq(schema.accounts.customerId, sari.customerId));
    expect(application).toEqual({ status: "waiting_for_investment", amount: 1_000_000, productKey: "spl" });
  });
});
