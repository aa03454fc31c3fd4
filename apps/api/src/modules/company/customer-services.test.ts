import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANY_API_KEY } from "../../config.ts";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { sandboxCustomerIds } from "../accounts/sandbox-accounts.ts";
import { activeLoanFor } from "../disbursal/loan-test-kit.ts";

/** The answers' fields are the whole list of decision 0023: nothing else may appear. */
const DETAILS_FIELDS = ["id", "name", "registered_at"];
const LIST_FIELDS = ["id", "investment_accounts", "loan_accounts", "name", "registered_at", "roles", "status"];
const DETAIL_FIELDS = ["accounts", "id", "kyc_completed", "name", "registered_at", "roles", "summary"];
const ACCOUNT_FIELDS = ["activated_on", "closed_on", "id", "principal_balance", "product_key", "status", "type_key"];

let t: TestApp;
let ids: { budi: string; sari: string };
let loan: Awaited<ReturnType<typeof activeLoanFor>>;
/** Every e-mail, phone, NIK, birth date and KYC answer stored: none may be served. */
let personal: string[];

const post = (url: string, payload: unknown) => t.app.inject({ method: "POST", url, headers: { "x-api-key": SANDBOX_COMPANY_API_KEY }, payload: payload as object });

/** 12 customers without accounts registered an hour apart from 2026-03-01 16:30 UTC (23:30 in Jakarta). */
const REGISTERED = Array.from({ length: 12 }, (_, i) => ({
  name: `Nasabah Daftar ${String(i + 1).padStart(2, "0")}`,
  email: `daftar.${i + 1}@contoh.co.id`,
  phone: `+62811000000${String(i).padStart(2, "0")}`,
  createdAt: new Date(Date.UTC(2026, 2, 1, 16 + i, 30)),
}));

describe("customer services (/v1/details, /customerlist_v2.php, /customerdetail.php)", () => {
  beforeAll(async () => {
    t = await testApp();
    ids = await sandboxCustomerIds(t.app.db);
    loan = await activeLoanFor(t.app.db, ids.budi, { effectiveOn: "2026-02-10" });
    await t.app.db.insert(schema.customers).values(REGISTERED);
    await t.app.db
      .insert(schema.customerProfiles)
      .values({ customerId: ids.budi, personalCode: "3171012501900003", fullName: "Budi Santoso", birthDate: "1990-01-25", kyc: { mother_name: "Ibu Rahasia" }, consent: {} })
      .onConflictDoNothing();
    const customers = await t.app.db.select().from(schema.customers);
    const profiles = await t.app.db.select().from(schema.customerProfiles);
    // The name is served by design (test lenders are named by their e-mail): everything else is not.
    const names = new Set(customers.map((c) => c.name));
    personal = [
      ...customers.flatMap((c) => [c.email, ...(c.phone ? [c.phone, c.phone.slice(3)] : [])]),
      ...profiles.flatMap((p) => [p.personalCode, p.fullName, p.birthDate, JSON.stringify(p.kyc).slice(1, -1)]),
    ].filter((value) => !names.has(value));
  });
  afterAll(() => t.close());

  const expectNoPersonalData = (body: string) => {
    for (const value of personal) expect(body, `served ${value}`).not.toContain(value);
  };

  it("/v1/details lists the customers of one role by id, name and registration time, staff never", async () => {
    const lenders = await post("/v1/details", { role_id: "lender" });
    expect(lenders.statusCode).toBe(200);
    const body = lenders.json();
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 2 });
    const [investment] = await t.app.db.select().from(schema.investments).where(eq(schema.investments.accountApplicationId, loan.applicationId));
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([ids.sari, investment!.customerId]);
    for (const row of body.data) expect(Object.keys(row).sort()).toEqual(DETAILS_FIELDS);
    expect(body.data[0]).toEqual({ id: ids.sari, name: "Sari Wulandari", registered_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });

    const borrowers = (await post("/v1/details", { role_id: "borrower", per_page: 5 })).json();
    expect(borrowers).toEqual({ data: [{ id: ids.budi, name: "Budi Santoso", registered_at: expect.any(String) }], meta: { page: 1, per_page: 5, total: 1 } });
    expectNoPersonalData(lenders.body + JSON.stringify(borrowers));
    expect(lenders.body).not.toContain("Dewi");
  });

  it("/customerlist_v2.php pages through every customer, oldest first, each once", async () => {
    const seen: string[] = [];
    let total = 0;
    for (let page = 1; page <= 4; page++) {
      const res = await post("/customerlist_v2.php", { page, per_page: 5 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      total = body.meta.total;
      expect(body.meta).toEqual({ page, per_page: 5, total: 15 }); // Budi, Sari, the loan's lender, 12 registered (not the operator)
      expect(body.data.length).toBe(page <= 3 ? 5 : 0);
      for (const row of body.data) expect(Object.keys(row).sort()).toEqual(LIST_FIELDS);
      seen.push(...body.data.map((c: { id: string }) => c.id));
      expectNoPersonalData(res.body);
    }
    expect(new Set(seen).size).toBe(total);
    const first = (await post("/customerlist_v2.php", { per_page: 100 })).json().data as { id: string; registered_at: string; roles: string[]; status: string; loan_accounts: number; investment_accounts: number }[];
    expect(first.map((c) => c.id)).toEqual(seen);
    expect(first.map((c) => c.registered_at)).toEqual([...first.map((c) => c.registered_at)].sort());
    expect(first.find((c) => c.id === ids.budi)).toMatchObject({ roles: ["borrower"], status: "active", loan_accounts: 1, investment_accounts: 0 });
    expect(first.find((c) => c.id === ids.sari)).toMatchObject({ roles: ["lender"], status: "active", loan_accounts: 0, investment_accounts: 1 });
  });

  it("filters by registration day in Jakarta, status and role", async () => {
    const names = async (filters: object) =>
      ((await post("/customerlist_v2.php", { per_page: 100, filters })).json().data as { name: string }[]).map((c) => c.name);
    // 16:30 UTC on 1 March is 23:30 in Jakarta (day 1); 17:30 UTC is 00:30 on 2 March.
    expect(await names({ created_from: "2026-03-01", created_to: "2026-03-01" })).toEqual(["Nasabah Daftar 01"]);
    expect(await names({ created_from: "2026-03-02", created_to: "2026-03-02" })).toEqual(REGISTERED.slice(1).map((r) => r.name));
    expect(await names({ created_to: "2026-02-28" })).toEqual([]);
    expect(await names({ created_from: "2026-03-01", created_to: "2026-03-31", status: "active" })).toEqual([]);
    expect((await names({ status: "inactive" })).length).toBe(12);
    expect(await names({ role: "borrower", status: "active" })).toEqual(["Budi Santoso"]);
    expect(await names({ role: "lender" })).toHaveLength(2);
  });

  it("refuses bad filters and paging with 400 and field messages", async () => {
    const refused = async (payload: object) => {
      const res = await post("/customerlist_v2.php", payload);
      expect(res.statusCode).toBe(400);
      return res.json().error;
    };
    expect((await refused({ filters: { created_from: "2026-03-05", created_to: "2026-03-01" } })).fields).toEqual({ "filters.created_to": ["Akhir rentang tidak boleh sebelum awalnya"] });
    expect((await refused({ filters: { created_from: "2026-02-30" } })).fields).toHaveProperty(["filters.created_from"]);
    expect((await refused({ filters: { status: "vip" } })).fields).toHaveProperty(["filters.status"]);
    expect((await refused({ filters: { email: "x" } })).code).toBe("validation_failed");
    expect((await refused({ page: 0, per_page: 101 })).fields).toEqual({ page: ["Minimal 1"], per_page: ["Maksimal 100"] });
  });

  it("/customerdetail.php answers one customer with accounts and their status summary, nothing personal beyond the name", async () => {
    const res = await post("/customerdetail.php", { customer_id: ids.budi });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(DETAIL_FIELDS);
    const [account] = await t.app.db.select().from(schema.accounts).where(eq(schema.accounts.customerId, ids.budi));
    expect(data).toEqual({
      id: ids.budi,
      name: "Budi Santoso",
      registered_at: expect.any(String),
      roles: ["borrower"],
      kyc_completed: true,
      accounts: [
        { id: account!.id, type_key: "loan", product_key: account!.productKey, status: "active", principal_balance: account!.principalBalance, activated_on: account!.activatedOn, closed_on: null },
      ],
      summary: { loan: { active: 1 }, investment: {} },
    });
    for (const a of data.accounts) expect(Object.keys(a).sort()).toEqual(ACCOUNT_FIELDS);
    expectNoPersonalData(res.body);

    const sari = (await post("/customerdetail.php", { customer_id: ids.sari })).json().data;
    expect(sari).toMatchObject({ roles: ["lender"], kyc_completed: false, summary: { loan: {}, investment: { active: 1 } } });
    expect(sari.accounts[0]).toMatchObject({ type_key: "investment", principal_balance: null });
  });

  it("answers 404 for an unknown customer and for staff, 400 for a malformed id", async () => {
    const [operator] = await t.app.db.select().from(schema.customerRoles).where(eq(schema.customerRoles.typeKey, "operator"));
    for (const customerId of ["00000000-0000-4000-8000-000000000000", operator!.customerId]) {
      const res = await post("/customerdetail.php", { customer_id: customerId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "customer_not_found", message: "Nasabah tidak ditemukan." } });
    }
    const bad = await post("/customerdetail.php", { customer_id: "42" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("customer_id");
  });
});
