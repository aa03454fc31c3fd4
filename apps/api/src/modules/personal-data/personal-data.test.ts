import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { createCustomer, freshIp, logIn, postLogin, type TestCustomer } from "../authentication/auth-test-kit.ts";
import { sessionFor } from "../identity/test-sessions.ts";

/** A former borrower: onboarding profile, one closed loan with its records, a device, a notice, a draft flow, a chat message. */
async function formerBorrower(t: TestApp, nik: string): Promise<TestCustomer & { accountId: string; applicationId: string; ledgerAccountId: string }> {
  const db = t.database.db;
  const customer = await createCustomer(db, { name: "Rudi Hartono", phone: "+6281300001111" });
  await db.insert(schema.customerProfiles).values({
    customerId: customer.id,
    personalCode: nik,
    fullName: "Rudi Hartono",
    birthDate: "1980-01-01",
    kyc: { address: "Jl. Sudirman 5", employer: "PT Maju", emergency_contact_phone: "+6281300002222" },
    consent: { terms_version: "2026-01", agreed_at: "2026-01-02T03:04:05Z" },
  });
  const [account] = await db.insert(schema.accounts).values({ customerId: customer.id, typeKey: "loan", status: "closed", productKey: null, closedOn: "2026-06-30" }).returning();
  const [application] = await db
    .insert(schema.accountApplications)
    .values({ accountId: account!.id, typeKey: "initial", status: "closed", amount: 2_000_000, term: 3, dailyRatePpm: 3000, totalRepayment: 2_540_000 })
    .returning();
  await db.insert(schema.statusTransitions).values({ subjectType: "account", subjectId: account!.id, fromStatus: "active", toStatus: "closed", event: "repaid", actorKind: "system" });
  const [ledger] = await db
    .insert(schema.ledgerAccounts)
    .values({ kind: "loan_receivable", customerId: customer.id, accountId: account!.id, debitsMustNotExceedCredits: false, creditsMustNotExceedDebits: true, debitsPosted: 2_000_000, creditsPosted: 2_000_000 })
    .returning();
  await db.insert(schema.devices).values({ customerId: customer.id, identifier: customer.id, typeKey: "web", token: "push-rudi", tokenType: "firebase", operatingSystem: "web" });
  await db.insert(schema.customerNotices).values({ customerId: customer.id, title: "Lunas", body: "Pinjaman Anda sudah lunas." });
  await db.insert(schema.supportRequests).values({ name: "Rudi", contact: customer.email, message: "Terima kasih", pagePath: "/", requestId: "req-rudi-001" });
  return { ...customer, accountId: account!.id, applicationId: application!.id, ledgerAccountId: ledger!.id };
}

describe("personal data (UU PDP 27/2022): download and deletion", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("downloads the caller's data as a JSON file without any secret", async () => {
    const budi = await sessionFor(t.database.db, "budi@pinjaman.test");
    const res = await t.app.inject({ method: "GET", url: "/app_api/v1/my/personal_data", headers: budi.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="data-pribadi-pinjaman-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = res.json();
    expect(body.sections.customer).toMatchObject({ id: budi.customerId, name: "Budi Santoso", email: "budi@pinjaman.test", phone: "+6281234567801" });
    expect(body.sections.customer_notices[0].title).toBe("Selamat datang di Pinjaman");
    expect(JSON.stringify(body)).not.toMatch(/password_hash|token_hash|argon2/);
    expect((await t.app.inject({ method: "GET", url: "/app_api/v1/my/personal_data" })).statusCode).toBe(401);
  });

  it("refuses a wrong password (400) and open loans (409), changing nothing", async () => {
    const rudi = await formerBorrower(t, "3174010101800002");
    const session = await logIn(t.app, t.database.db, rudi);
    const del = (password: string) =>
      t.app.inject({ method: "POST", url: "/app_api/v1/my/personal_data/deletion", headers: { "x-authorization": session.token }, payload: { data: { password } } });
    const before = await rowCounts(t.database);
    const wrong = await del("salah-sekali");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: ["Kata sandi salah."] });
    await t.database.db.insert(schema.accounts).values({ customerId: rudi.id, typeKey: "loan", status: "active" });
    const open = await del(rudi.password);
    expect(open.statusCode).toBe(409);
    expect(open.json().error.code).toBe("open_obligations");
    expect(open.json().error.message).toMatch(/^Data Anda belum dapat dihapus karena masih ada pinjaman yang berjalan/);
    expect(await rowCounts(t.database)).toEqual({ ...before, accounts: before.accounts! + 1 });
  });

  it("deletes what may go, keeps the financial records and the KYC core, and says so; sign-in is gone", async () => {
    const rudi = await formerBorrower(t, "3174010101800001");
    const db = t.database.db;
    const session = await logIn(t.app, db, rudi);
    const res = await t.app.inject({
      method: "POST",
      url: "/app_api/v1/my/personal_data/deletion",
      headers: { "x-authorization": session.token },
      payload: { data: { password: rudi.password } },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.removed).toContain("Nama, e-mail, nomor telepon, dan kata sandi Anda dihapus; akun tidak dapat digunakan untuk masuk lagi.");
    expect(data.kept[0]).toMatch(/^Catatan keuangan \(pinjaman, pengajuan, jadwal dan pembayaran cicilan, pendanaan, buku besar, riwayat status\) kami simpan karena diwajibkan OJK/);

    const [customer] = await db.select().from(schema.customers).where(eq(schema.customers.id, rudi.id));
    expect(customer).toMatchObject({ name: "Nasabah terhapus", email: `deleted-${rudi.id}@pinjaman.invalid`, phone: null, passwordHash: null });
    const [profile] = await db.select().from(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, rudi.id));
    expect(profile).toMatchObject({ personalCode: "3174010101800001", fullName: "Rudi Hartono", birthDate: "1980-01-01", kyc: {}, consent: { terms_version: "2026-01" } });
    // Financial records stay.
    expect(await db.select().from(schema.accounts).where(eq(schema.accounts.id, rudi.accountId))).toHaveLength(1);
    expect(await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, rudi.applicationId))).toHaveLength(1);
    expect(await db.select().from(schema.statusTransitions).where(eq(schema.statusTransitions.subjectId, rudi.accountId))).toHaveLength(1);
    expect(await db.select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.id, rudi.ledgerAccountId))).toHaveLength(1);
    // Personal data goes.
    expect(await db.select().from(schema.devices).where(eq(schema.devices.customerId, rudi.id))).toHaveLength(0);
    expect(await db.select().from(schema.sessions).where(eq(schema.sessions.customerId, rudi.id))).toHaveLength(0);
    expect(await db.select().from(schema.customerNotices).where(eq(schema.customerNotices.customerId, rudi.id))).toHaveLength(0);
    expect(await db.select().from(schema.supportRequests).where(eq(schema.supportRequests.contact, rudi.email))).toHaveLength(0);
    const [request] = await db.select().from(schema.personalDataRequests).where(eq(schema.personalDataRequests.customerId, rudi.id));
    expect(request).toMatchObject({ kind: "deletion", status: "completed" });

    expect((await t.app.inject({ method: "GET", url: "/app_api/v1/my/identity", headers: { "x-authorization": session.token } })).statusCode).toBe(401);
    expect((await postLogin(t.app, rudi, { ip: freshIp() })).statusCode).toBe(401);

    const operator = await sessionFor(db, "operator@pinjaman.test");
    const detail = (await t.app.inject({ method: "GET", url: `/app_api/v1/staff/customers/${rudi.id}`, headers: operator.headers })).json().data;
    expect(detail).toMatchObject({ name: "Nasabah terhapus", deleted: true, loan_accounts: [{ id: rudi.accountId, status: "closed" }] });
  });
});
