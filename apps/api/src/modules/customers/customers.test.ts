import { schema } from "@pinjaman/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { createCustomer, freshIp, logIn, postLogin, type TestCustomer } from "../authentication/auth-test-kit.ts";
import { sessionFor, type TestSession } from "../identity/test-sessions.ts";

const VALIDATION = "Data yang dikirim belum benar. Periksa kembali isian Anda.";
const BLOCKED = "Akun Anda sedang diblokir oleh Pinjaman sehingga tidak dapat digunakan untuk masuk. Silakan hubungi layanan pelanggan kami untuk informasi lebih lanjut.";

describe("back-office customers (app_api/v1/staff/customers)", () => {
  let t: TestApp;
  let operator: TestSession;
  let admin: TestSession;
  let budi: TestSession;
  let nina: TestCustomer;
  beforeAll(async () => {
    t = await testApp();
    operator = await sessionFor(t.database.db, "operator@pinjaman.test");
    admin = await sessionFor(t.database.db, "admin@pinjaman.test");
    budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    nina = await createCustomer(t.database.db, { name: "Nina Kartika", phone: "+6281299990001" });
    await t.database.db.insert(schema.customerProfiles).values({
      customerId: nina.id,
      personalCode: "3273014506900001",
      fullName: "Nina Kartika",
      birthDate: "1990-06-05",
      kyc: { address: "Jl. Merdeka 1" },
      consent: {},
    });
  });
  afterAll(() => t.close());

  const get = (who: { headers: Record<string, string> } | null, url: string) =>
    t.app.inject({ method: "GET", url, headers: who?.headers ?? {} });
  const post = (who: { headers: Record<string, string> } | null, url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, headers: { "x-locale": "id", ...(who?.headers ?? {}) }, payload: payload as object });

  async function staffActions(action: string) {
    return t.database.db.select().from(schema.staffActions).where(eq(schema.staffActions.action, action));
  }

  it("refuses every staff route to a signed-out caller (401) and to a customer (403)", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", "/app_api/v1/staff/customers/search?q=nina"],
      ["GET", `/app_api/v1/staff/customers/${nina.id}`],
      ["GET", `/app_api/v1/staff/customers/${nina.id}/personal_data`],
      ["POST", `/app_api/v1/staff/customers/${nina.id}/block`, { data: { reason: "Dugaan penipuan identitas" } }],
      ["POST", `/app_api/v1/staff/customers/${nina.id}/unblock`, { data: { reason: "Identitas sudah diverifikasi" } }],
      ["POST", `/app_api/v1/staff/customers/${nina.id}/notices`, { data: { title: "Halo", body: "Pemberitahuan uji" } }],
      ["GET", "/app_api/v1/staff/support_requests"],
      ["POST", "/app_api/v1/staff/support_requests/1/answers", { data: { body: "Jawaban uji coba" } }],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = method === "GET" ? await get(null, url) : await post(null, url, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const customer = method === "GET" ? await get(budi, url) : await post(budi, url, payload);
      expect(customer.statusCode, `${method} ${url}`).toBe(403);
      expect(customer.json().error.code).toBe("forbidden_role");
    }
  });

  it("searches by name, e-mail, phone and NIK and records the read", async () => {
    for (const q of ["nina kar", nina.email.slice(0, 12), "99990001", "3273014506"]) {
      const res = await get(operator, `/app_api/v1/staff/customers/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data.map((c: { id: string }) => c.id), q).toEqual([nina.id]);
    }
    const [first] = (await get(operator, "/app_api/v1/staff/customers/search?q=nina%20kar")).json().data;
    expect(first).toEqual({
      id: nina.id,
      name: "Nina Kartika",
      email: nina.email,
      phone: "+6281299990001",
      personal_code: "3273014506900001",
      blocked: false,
      created_at: expect.any(String),
    });
    const recorded = await staffActions("customer.search");
    expect(recorded.at(-1)).toMatchObject({ staffId: operator.customerId, permission: "customers.read", after: { query: "nina kar", customer_ids: [nina.id] } });
  });

  it("refuses a query shorter than 3 characters with a field message", async () => {
    const res = await get(operator, "/app_api/v1/staff/customers/search?q=ab");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "validation_failed", message: VALIDATION, fields: { q: ["Minimal 3 karakter"] } } });
  });

  it("shows one customer with profile, roles and accounts, records the view; 404 for an unknown id, 400 for a bad one", async () => {
    const res = await get(operator, `/app_api/v1/staff/customers/${nina.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: nina.id,
      name: "Nina Kartika",
      roles: ["primary"],
      profile: { personal_code: "3273014506900001", full_name: "Nina Kartika", birth_date: "1990-06-05" },
      block: null,
      loan_accounts: [],
      investment_accounts: [],
      deleted: false,
    });
    expect((await staffActions("customer.view")).at(-1)).toMatchObject({ subjectType: "customer", subjectId: nina.id, staffId: operator.customerId });
    const sari = (await get(operator, "/app_api/v1/staff/customers/search?q=sari%40pinjaman")).json().data[0];
    const sariDetail = (await get(operator, `/app_api/v1/staff/customers/${sari.id}`)).json().data;
    expect(sariDetail.roles).toEqual(["modifier", "primary"]);
    expect(sariDetail.investment_accounts).toHaveLength(1);

    const unknown = await get(operator, "/app_api/v1/staff/customers/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "customer_not_found", message: "Nasabah tidak ditemukan." });
    expect((await get(operator, "/app_api/v1/staff/customers/bukan-uuid")).statusCode).toBe(400);
  });

  it("gives staff with customers.personal_data the full record and records that read", async () => {
    const res = await get(admin, `/app_api/v1/staff/customers/${nina.id}/personal_data`);
    expect(res.statusCode).toBe(200);
    expect(res.json().sections.profile).toMatchObject({ personal_code: "3273014506900001", kyc: { address: "Jl. Merdeka 1" } });
    expect(JSON.stringify(res.json())).not.toMatch(/password_hash|argon2/);
    expect((await staffActions("customer.personal_data.read")).at(-1)).toMatchObject({ permission: "customers.personal_data", subjectId: nina.id, staffId: admin.customerId });
  });

  it("blocks with a reason (admin only): sessions revoked, sign-in refused in Indonesian; unblock restores sign-in", async () => {
    const session = await logIn(t.app, t.database.db, nina);
    const probe = () => t.app.inject({ method: "GET", url: "/app_api/v1/my/identity", headers: { "x-authorization": session.token } });
    expect((await probe()).statusCode).toBe(200);
    const url = `/app_api/v1/staff/customers/${nina.id}/block`;

    // The operator role has no customers.block.
    const byOperator = await post(operator, url, { data: { reason: "Dugaan penipuan identitas" } });
    expect(byOperator.statusCode).toBe(403);

    const before = await rowCounts(t.database);
    const short = await post(admin, url, { data: { reason: "x" } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ reason: ["Minimal 5 karakter"] });
    expect(await rowCounts(t.database)).toEqual(before);

    const blocked = await post(admin, url, { data: { reason: "Dugaan penipuan identitas" } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toEqual({ id: nina.id, blocked: true, revoked_sessions: 1 });
    expect((await probe()).statusCode).toBe(401);
    const action = (await staffActions("customer.block")).at(-1);
    expect(action).toMatchObject({ permission: "customers.block", subjectId: nina.id, reason: "Dugaan penipuan identitas", before: { blocked: false }, after: { blocked: true } });

    const login = await postLogin(t.app, nina, { ip: freshIp() });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toEqual({ code: "account_blocked", message: BLOCKED });

    const again = await post(admin, url, { data: { reason: "Dugaan penipuan identitas" } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("Nasabah ini sudah diblokir.");
    const detail = (await get(operator, `/app_api/v1/staff/customers/${nina.id}`)).json().data;
    expect(detail.block).toMatchObject({ reason: "Dugaan penipuan identitas", blocked_by: admin.customerId, unblocked_at: null });
    expect((await get(operator, "/app_api/v1/staff/customers/search?q=nina%20kar")).json().data[0].blocked).toBe(true);

    const self = await post(admin, `/app_api/v1/staff/customers/${admin.customerId}/block`, { data: { reason: "Menguji blokir diri" } });
    expect(self.statusCode).toBe(409);

    const unblocked = await post(admin, `/app_api/v1/staff/customers/${nina.id}/unblock`, { data: { reason: "Identitas sudah diverifikasi" } });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().data.blocked).toBe(false);
    const notBlocked = await post(admin, `/app_api/v1/staff/customers/${nina.id}/unblock`, { data: { reason: "Identitas sudah diverifikasi" } });
    expect(notBlocked.statusCode).toBe(409);
    const relogin = await logIn(t.app, t.database.db, nina);
    expect(relogin.token).toEqual(expect.any(String));
    expect((await staffActions("customer.unblock")).at(-1)).toMatchObject({ reason: "Identitas sudah diverifikasi", after: { blocked: false } });
  });

  it("sends a notice shown in the customer's notices and pushed to each active device, recorded", async () => {
    await t.app.inject({
      method: "POST",
      url: "/app_api/v1/devices",
      headers: budi.headers,
      payload: { data: { identifier: budi.customerId, type_key: "web", token: "push-token-budi-1", token_type: "firebase", operating_system: "web" } },
    });
    const before = await rowCounts(t.database);
    const bad = await post(operator, `/app_api/v1/staff/customers/${budi.customerId}/notices`, { data: { title: "", body: "abc" } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["body", "title"]);
    expect(await rowCounts(t.database)).toEqual(before);

    const res = await post(operator, `/app_api/v1/staff/customers/${budi.customerId}/notices`, {
      data: { title: "Jadwal pemeliharaan", body: "Layanan tidak tersedia Minggu pukul 01.00–03.00 WIB." },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ id: expect.any(String), pushed_devices: 1 });
    const notices = (await t.app.inject({ method: "POST", url: "/app_api/v1/customer_notices/search", headers: budi.headers, payload: { filters: [] } })).json().data;
    expect(notices[0]).toMatchObject({ title: "Jadwal pemeliharaan", body: "Layanan tidak tersedia Minggu pukul 01.00–03.00 WIB.", read_at: null });
    const pushes = await t.database.db.select().from(schema.outboxMessages).where(and(eq(schema.outboxMessages.channel, "push"), eq(schema.outboxMessages.recipient, "push-token-budi-1")));
    expect(pushes.map((p) => [p.subject, p.body])).toEqual([["Jadwal pemeliharaan", "Layanan tidak tersedia Minggu pukul 01.00–03.00 WIB."]]);
    expect((await staffActions("customer_notice.send")).at(-1)).toMatchObject({ permission: "notices.send", subjectId: budi.customerId, after: { title: "Jadwal pemeliharaan" } });
    const unknown = await post(operator, "/app_api/v1/staff/customers/00000000-0000-4000-8000-000000000000/notices", { data: { title: "Halo", body: "Pemberitahuan uji" } });
    expect(unknown.statusCode).toBe(404);
  });
});
