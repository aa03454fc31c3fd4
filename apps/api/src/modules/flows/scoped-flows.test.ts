import { schema } from "@pinjaman/db";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { investmentAccountOf } from "../accounts/sandbox-accounts.ts";
import { createCustomer } from "../authentication/auth-test-kit.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";
import { openVirtualAccounts } from "../invoices/virtual-accounts.ts";

const PUB = "/pub_api/v1/open";
const APP = "/app_api/v1";
const CHANNELS = ["bca_va", "bni_va", "bri_va", "mandiri_va", "permata_va", "cimb_va"];

type Field = { key: string; templateKey: string; current_value: unknown; options: { value: string; label: string }[] | null };
type View = { id: string; status: string; step_index: number; steps_count: number; completed_redirect: string | null; step: { key: string; template: string; title: string; fields: Field[]; data: Record<string, unknown> | null } };

describe("scoped flows (a loan account, an application) and the product onboarding variants", () => {
  let t: TestApp;
  let budi: TestSession;
  let sari: TestSession;
  beforeAll(async () => {
    // The variants' address and business-address steps check codes against the Kemendagri areas.
    t = await testApp({}, { areas: true });
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    sari = await sessionFor(t.database.db, "sari@pinjaman.test");
  }, 120_000);
  afterAll(() => t.close());

  const db = () => t.database.db;

  async function loanAccount(customerId: string, applicationStatus: (typeof schema.accountApplications.$inferInsert)["status"] = "submitted") {
    const [account] = await db()
      .insert(schema.accounts)
      .values({ customerId, typeKey: "loan", productKey: "spl", status: applicationStatus === "activated" ? "active" : "pending" })
      .returning();
    const [application] = await db()
      .insert(schema.accountApplications)
      .values({ accountId: account!.id, typeKey: "initial", status: applicationStatus, amount: 2_000_000, term: 4, dailyRatePpm: 1000, totalRepayment: 2_240_000, submittedOn: "2026-11-01" })
      .returning();
    return { account: account!, application: application! };
  }

  const get = (url: string, who: TestSession | null) => t.app.inject({ method: "GET", url, headers: who?.headers ?? {} });
  const post = (url: string, who: TestSession | null) => t.app.inject({ method: "POST", url, headers: { "x-locale": "id", ...who?.headers }, payload: { data: {} } });
  const move = (id: string, who: TestSession, values: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: `${APP}/flow_progresses/${id}/move/next`, headers: who.headers, payload: { data: { values } } });
  const progressRow = async (id: string) => (await db().select().from(schema.flowProgresses).where(eq(schema.flowProgresses.id, id)))[0];
  const accountRow = async (id: string) => (await db().select().from(schema.accounts).where(eq(schema.accounts.id, id)))[0];
  const applicationRow = async (id: string) => (await db().select().from(schema.accountApplications).where(eq(schema.accountApplications.id, id)))[0];

  /** A move refused with 422 on exactly these fields: nothing is stored and the progress stays on `step`. */
  async function refused(id: string, who: TestSession, values: Record<string, unknown>, fields: Record<string, string[]>, step: string) {
    const before = await rowCounts(t.database);
    const res = await move(id, who, values);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields).toEqual(fields);
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await progressRow(id))?.currentStep).toBe(step);
  }

  describe("change_payment_channel on a loan account", () => {
    it("lists the account's flows to its owner only", async () => {
      const { account } = await loanAccount(budi.customerId);
      const res = await get(`${APP}/accounts/${account.id}/flows`, budi);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ key: "change_payment_channel", name: "Ubah Metode Pembayaran", audience: "account", product_key: null }]);
      const other = await get(`${APP}/accounts/${account.id}/flows`, sari);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toEqual({ code: "account_not_found", message: "Rekening tidak ditemukan." });
      expect((await get(`${APP}/accounts/${account.id}/flows`, null)).statusCode).toBe(401);
      // Sari's own investment account has no loan flows, only its own (decision 0024).
      const investment = await get(`${APP}/accounts/${await investmentAccountOf(db(), sari.customerId)}/flows`, sari);
      expect(investment.json().data.map((f: { key: string }) => f.key)).toEqual(["insurance_choice_lender_account"]);
      // Account flows are not among the flows a customer starts on their own.
      const plain = await get(`${APP}/flows`, budi);
      expect(plain.json().data.map((f: { key: string }) => f.key)).not.toContain("change_payment_channel");
    });

    it("previews the channel step without storing anything", async () => {
      const { account } = await loanAccount(budi.customerId);
      const before = await rowCounts(t.database);
      const res = await get(`${APP}/accounts/${account.id}/flows/change_payment_channel/flow_progresses/new`, budi);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.flow).toEqual({ key: "change_payment_channel", name: "Ubah Metode Pembayaran", audience: "account", product_key: null });
      expect(data.steps_count).toBe(2);
      expect(data.step.key).toBe("payment");
      expect(data.step.template).toBe("payment_option");
      expect(data.step.title).toBe("Metode pembayaran");
      expect(data.step.fields.map((f: Field) => [f.key, f.templateKey, f.current_value])).toEqual([["payment_channel", "select", null]]);
      expect(data.step.fields[0].options.map((o: { value: string }) => o.value)).toEqual(CHANNELS);
      expect((data.step.data.channels as { key: string }[]).map((c) => c.key)).toEqual(CHANNELS);
      expect(await rowCounts(t.database)).toEqual(before);
    });

    it("creates, refuses an unknown channel and one without a virtual account, then completes and stores bni_va on the account", async () => {
      const { account } = await loanAccount(budi.customerId);
      const created = await post(`${APP}/accounts/${account.id}/flows/change_payment_channel/flow_progresses`, budi);
      expect(created.statusCode).toBe(201);
      const progress = created.json().data as View;
      expect(progress.step.key).toBe("payment");
      expect(await progressRow(progress.id)).toMatchObject({ accountId: account.id, accountApplicationId: null, customerId: budi.customerId, flowKey: "change_payment_channel" });

      await refused(progress.id, budi, { payment_channel: "gopay" }, { payment_channel: ["Pilih salah satu opsi yang tersedia"] }, "payment");
      // Before disbursal the loan has no virtual accounts: no channel can be chosen yet.
      const noVirtualAccount = { payment_channel: ["Virtual account untuk metode ini belum tersedia pada pinjaman Anda"] };
      await refused(progress.id, budi, { payment_channel: "bni_va" }, noVirtualAccount, "payment");
      await db().transaction((tx) => openVirtualAccounts(tx, account.id, t.app.config.virtualAccountCodes!));

      const done = await move(progress.id, budi, { payment_channel: "bni_va" });
      expect(done.statusCode, done.body).toBe(200);
      const view = done.json().data as View;
      expect(view.status).toBe("completed");
      expect(view.step.template).toBe("end_flow");
      expect(view.completed_redirect).toBe("/profile");
      expect((await accountRow(account.id))?.paymentChannel).toBe("bni_va");
    });

    it("answers 404 for another customer's account and stores nothing", async () => {
      const { account } = await loanAccount(sari.customerId);
      const before = await rowCounts(t.database);
      for (const res of [
        await get(`${APP}/accounts/${account.id}/flows/change_payment_channel/flow_progresses/new`, budi),
        await post(`${APP}/accounts/${account.id}/flows/change_payment_channel/flow_progresses`, budi),
        await post(`${APP}/accounts/00000000-0000-4000-8000-000000000000/flows/change_payment_channel/flow_progresses`, budi),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: "account_not_found", message: "Rekening tidak ditemukan." });
      }
      expect(await rowCounts(t.database)).toEqual(before);
      expect((await accountRow(account.id))?.paymentChannel).toBeNull();
    });

    it("is not started outside its account, nor is an application flow started on an account", async () => {
      const { account } = await loanAccount(budi.customerId);
      const before = await rowCounts(t.database);
      for (const res of [
        await post(`${APP}/flows/change_payment_channel/flow_progresses`, budi),
        await post(`${APP}/accounts/${account.id}/flows/application_cancellation/flow_progresses`, budi),
        await post(`${APP}/accounts/${account.id}/flows/profile_change/flow_progresses`, budi),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: "flow_not_found", message: "Alur tidak ditemukan." });
      }
      expect(await rowCounts(t.database)).toEqual(before);
    });
  });

  describe("application_cancellation on an account application", () => {
    it("previews the reason step without storing anything", async () => {
      const { application } = await loanAccount(budi.customerId);
      const before = await rowCounts(t.database);
      const res = await get(`${APP}/account_applications/${application.id}/flows/application_cancellation/flow_progresses/preview`, budi);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.flow).toEqual({ key: "application_cancellation", name: "Pembatalan Pengajuan", audience: "account_application", product_key: null });
      expect(data.steps_count).toBe(2);
      expect(data.step.key).toBe("reason");
      expect(data.step.fields.map((f: Field) => f.key)).toEqual(["cancellation_reason", "cancellation_note"]);
      expect(data.step.fields[0].options.map((o: { value: string }) => o.value)).toEqual(["no_longer_needed", "amount_too_small", "found_other_lender", "other"]);
      expect(await rowCounts(t.database)).toEqual(before);
    });

    it("completing cancels the submitted application, closes its never-activated account and records both", async () => {
      const { account, application } = await loanAccount(budi.customerId);
      const created = await post(`${APP}/account_applications/${application.id}/flows/application_cancellation/flow_progresses`, budi);
      expect(created.statusCode).toBe(201);
      const id = (created.json().data as View).id;
      expect(await progressRow(id)).toMatchObject({ accountApplicationId: application.id, accountId: null, customerId: budi.customerId });

      await refused(id, budi, {}, { cancellation_reason: ["Wajib diisi"] }, "reason");

      const done = await move(id, budi, { cancellation_reason: "no_longer_needed", cancellation_note: "Sudah dapat dana dari keluarga" });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.status).toBe("completed");
      expect(done.json().data.completed_redirect).toBe("/profile");
      // The end page says the application is withdrawn, not that one was sent.
      expect(done.json().data.step).toMatchObject({ title: "Pengajuan dibatalkan" });
      expect((await applicationRow(application.id))?.status).toBe("cancelled");
      const [closed] = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.id, account.id));
      expect(closed).toMatchObject({ status: "closed", activatedOn: null, closedOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
      const recorded = await t.database.db.select().from(schema.statusTransitions).where(inArray(schema.statusTransitions.subjectId, [account.id, application.id])).orderBy(asc(schema.statusTransitions.sequence));
      expect(recorded.map((r) => [r.subjectType, r.fromStatus, r.event, r.toStatus, r.actorKind, r.actorId])).toEqual([
        ["account_application", "submitted", "cancel", "cancelled", "customer", budi.customerId],
        ["account", "pending", "abandon", "closed", "customer", budi.customerId],
      ]);

      const search = await t.app.inject({ method: "POST", url: `${APP}/account_applications/search`, headers: budi.headers, payload: { filters: [] } });
      expect(search.json().data.find((a: { id: string }) => a.id === application.id)?.status).toBe("cancelled");
    });

    it("an application already activated cannot start a cancellation (409), and nothing is stored", async () => {
      const { application } = await loanAccount(budi.customerId, "activated");
      const before = await rowCounts(t.database);
      const created = await post(`${APP}/account_applications/${application.id}/flows/application_cancellation/flow_progresses`, budi);
      expect(created.statusCode).toBe(409);
      expect(created.json().error.message).toBe("Pengajuan ini tidak dapat dibatalkan lagi.");
      expect(await rowCounts(t.database)).toEqual(before);
    });

    it("an application activated while the cancellation is open answers 409 at the end and stays activated", async () => {
      const { application } = await loanAccount(budi.customerId);
      const created = await post(`${APP}/account_applications/${application.id}/flows/application_cancellation/flow_progresses`, budi);
      expect(created.statusCode).toBe(201);
      const id = (created.json().data as View).id;
      await t.database.db.update(schema.accountApplications).set({ status: "activated" }).where(eq(schema.accountApplications.id, application.id));
      const before = await rowCounts(t.database);
      const res = await move(id, budi, { cancellation_reason: "found_other_lender" });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: "application_not_cancellable", message: "Pengajuan ini tidak dapat dibatalkan lagi." });
      expect(await rowCounts(t.database)).toEqual(before);
      expect((await applicationRow(application.id))?.status).toBe("activated");
      expect(await progressRow(id)).toMatchObject({ status: "in_progress", currentStep: "reason", history: [], completedAt: null });
    });

    it("answers 404 for another customer's application and stores nothing", async () => {
      const { application } = await loanAccount(sari.customerId);
      const before = await rowCounts(t.database);
      for (const res of [
        await get(`${APP}/account_applications/${application.id}/flows/application_cancellation/flow_progresses/preview`, budi),
        await post(`${APP}/account_applications/${application.id}/flows/application_cancellation/flow_progresses`, budi),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: "account_application_not_found", message: "Pengajuan tidak ditemukan." });
      }
      expect((await post(`${APP}/account_applications/${application.id}/flows/application_cancellation/flow_progresses`, null)).statusCode).toBe(401);
      expect(await rowCounts(t.database)).toEqual(before);
      expect((await applicationRow(application.id))?.status).toBe("submitted");
    });
  });

  describe("the product variants of onboarding", () => {
    let serial = 0;
    /** A logged-in customer (no account step) driven to the product's own step. */
    async function atProductStep(flowKey: string, productStep: string): Promise<{ id: string; who: TestSession; view: View }> {
      serial += 1;
      const customer = await createCustomer(db(), { phone: `+628139877${String(serial).padStart(4, "0")}` });
      const who = await sessionFor(db(), customer.email);
      const created = await post(`${APP}/flows/${flowKey}/flow_progresses`, who);
      expect(created.statusCode).toBe(201);
      const id = (created.json().data as View).id;
      const steps: [Record<string, unknown>, string][] = [
        [{ amount: 5_000_000, term: 12 }, "personal"],
        [
          {
            full_name: "Agus Pratama",
            personal_code: `3273011505880${String(serial).padStart(3, "0")}`,
            birth_place: "Bandung",
            birth_date: "1988-05-15",
            gender: "male",
            marital_status: "married",
            education: "diploma",
            mother_maiden_name: "Sumarni",
          },
          "address",
        ],
        [{ region: "32", city: "32.73", district: "32.73.01", subdistrict: "32.73.01.1002", postal_code: "40153", street: "Jl. Asia Afrika 8" }, productStep],
      ];
      let view: View | null = null;
      for (const [values, to] of steps) {
        const res = await move(id, who, values);
        expect(res.statusCode, res.body).toBe(200);
        view = res.json().data as View;
        expect(view.step.key).toBe(to);
      }
      return { id, who, view: view! };
    }

    it("previews the plus flow with its product and eleven steps", async () => {
      const res = await get(`${PUB}/flows/bni_payroll_loan_plus_payroll_loan/flow_progresses/new`, null);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.flow).toEqual({ key: "bni_payroll_loan_plus_payroll_loan", name: "Pengajuan Pinjaman Payroll Plus", audience: "public", product_key: "bni_payroll_loan" });
      expect(res.json().data.steps_count).toBe(11);
      expect(res.json().data.step.key).toBe("calculator");
      expect(res.json().data.step.data.product_key).toBe("bni_payroll_loan");
    });

    it("plus: the payroll step asks the employer and employee number instead of work and income", async () => {
      const { id, who, view } = await atProductStep("bni_payroll_loan_plus_payroll_loan", "payroll");
      expect(view.step_index).toBe(4);
      expect(view.step.title).toBe("Data kepegawaian");
      expect(view.step.fields.map((f) => [f.key, f.templateKey])).toEqual([
        ["payroll_employer", "search_dropdown"],
        ["employee_number", "text"],
      ]);
      expect(view.step.fields[0]!.options?.map((o) => o.value)).toEqual(["bni", "bni_life", "bni_sekuritas", "bni_multifinance", "bni_ventures"]);

      await refused(id, who, { payroll_employer: "pt_lain" }, { payroll_employer: ["Pilih salah satu opsi yang tersedia"], employee_number: ["Wajib diisi"] }, "payroll");

      const moved = await move(id, who, { payroll_employer: "bni_life", employee_number: "BNI-778812" });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data.step.key).toBe("documents");
    });

    it("previews the Alumak flow with its product", async () => {
      const res = await get(`${APP}/flows/alumak_onboarding/flow_progresses/new`, budi);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.flow).toEqual({ key: "alumak_onboarding", name: "Pengajuan Pinjaman Usaha Alumak", audience: "public", product_key: "alumak" });
      expect(res.json().data.steps_count).toBe(12);
      expect(res.json().data.step.data.product_key).toBe("alumak");
    });

    it("alumak: the business step refuses a 14-digit NPWP and accepts a formatted 15-digit one", async () => {
      const { id, who, view } = await atProductStep("alumak_onboarding", "business");
      expect(view.step.fields.map((f) => f.key)).toEqual([
        "business_name",
        "business_type",
        "npwp",
        "monthly_revenue",
        "business_region",
        "business_city",
        "business_district",
        "business_subdistrict",
        "business_postal_code",
        "business_street",
        "business_document",
      ]);
      const business = {
        business_name: "Warung Bu Tini",
        business_type: "food",
        monthly_revenue: "10m_50m",
        business_region: "32",
        business_city: "32.73",
        business_district: "32.73.01",
        business_subdistrict: "32.73.01.1002",
        business_postal_code: "40153",
        business_street: "Jl. Braga 12",
      };
      await refused(id, who, { ...business, npwp: "12345678901234" }, { npwp: ["NPWP harus 15 atau 16 angka."] }, "business");
      await refused(
        id,
        who,
        { ...business, npwp: "01.234.567.8-901.234", business_city: "31.71" },
        { business_city: ["Kota/kabupaten ini tidak berada di provinsi yang dipilih."] },
        "business",
      );

      const moved = await move(id, who, { ...business, npwp: "01.234.567.8-901.234" });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.step.key).toBe("bank_connection");
      expect(moved.json().data.step.fields.map((f: { key: string; templateKey: string }) => [f.key, f.templateKey])).toEqual([["bank_connection", "open_banking"]]);
    });
  });
});
