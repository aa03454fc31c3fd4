import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { expectSecondsLeft } from "../../../test/seconds-left.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { auditTypes, createCustomer, freshIp, logIn, messagesTo, postLogin, probe } from "../authentication/auth-test-kit.ts";
import { hashToken } from "../sessions/tokens.ts";
import { isStrongPassword } from "@pinjaman/domain/field-rules";
import { issuePasswordToken, passwordLink } from "./password-token-service.ts";

const BASE = "/authy_api/v1/authentication_methods/emailpass_reset/password_resets";
const ACCEPTED = "Jika e-mail tersebut terdaftar, kami telah mengirimkan tautan untuk mengatur ulang kata sandi. Periksa kotak masuk Anda.";
const INVALID_TOKEN = "Tautan tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.";
const WEAK = "Kata sandi minimal 10 karakter dan harus berisi huruf dan angka.";

describe("password resets (emailpass_reset)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const request = (email: string, ip = freshIp()) =>
    t.app.inject({ method: "POST", url: BASE, headers: { "x-locale": "id" }, payload: { data: { email } }, remoteAddress: ip });
  const resolve = (token: string, password: string) =>
    t.app.inject({ method: "POST", url: `${BASE}/resolve`, headers: { "x-locale": "id" }, payload: { data: { token, password } }, remoteAddress: freshIp() });

  async function linkFor(email: string): Promise<string> {
    await t.app.settled();
    const [mail] = await messagesTo(t.database.db, email);
    const token = mail?.body.match(/\/reset-password\/([A-Za-z0-9_-]{43})\b/)?.[1];
    if (!token) throw new Error(`no reset link for ${email}`);
    return token;
  }

  it("answers 202 with the same message whether or not the e-mail exists, and mails a link only to a customer", async () => {
    const customer = await createCustomer(t.database.db);
    const known = await request(customer.email);
    const unknown = await request("tidak-terdaftar@pinjaman.test");
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { message: ACCEPTED } });
      expect(res.cookies).toEqual([]);
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    await t.app.settled();
    expect(await messagesTo(t.database.db, "tidak-terdaftar@pinjaman.test")).toHaveLength(0);
    const [mail] = await messagesTo(t.database.db, customer.email);
    expect(mail?.subject).toBe("Atur ulang kata sandi Pinjaman");
    expect(mail?.body).toMatch(/^Halo Budi Santoso,\n\nKami menerima permintaan untuk mengatur ulang kata sandi akun Pinjaman Anda\. Buka tautan berikut dalam 60 menit/);
    const token = await linkFor(customer.email);
    expect(mail?.body).toContain(`http://127.0.0.1:3000/reset-password/${token}`);
    const [row] = await t.database.db.select().from(schema.passwordTokens).where(eq(schema.passwordTokens.customerId, customer.id));
    expect(row).toMatchObject({ purpose: "reset", tokenHash: hashToken(token), usedAt: null });
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(60 * 60_000);
    expect(await auditTypes(t.database.db, customer.id)).toEqual(["password_reset_requested"]);
  });

  it("sets the new password with a valid link, once: sessions end, old password stops, new one works", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    await request(customer.email);
    const token = await linkFor(customer.email);

    const res = await resolve(token, "sandiBaru2025x");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: "Kata sandi berhasil disimpan. Silakan masuk dengan kata sandi baru." } });
    expect(await probe(t.app, { cookie: session.cookie })).toBe(401);
    const [stored] = await t.database.db.select().from(schema.customers).where(eq(schema.customers.id, customer.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored?.passwordHash ?? null, "sandiBaru2025x")).toBe(true);
    expect((await postLogin(t.app, customer, { ip: freshIp(), cookies: { device_key: session.deviceKey } })).statusCode).toBe(401);
    expect((await postLogin(t.app, { email: customer.email, password: "sandiBaru2025x" }, { ip: freshIp(), cookies: { device_key: session.deviceKey } })).statusCode).toBe(201);
    const [notice] = await messagesTo(t.database.db, customer.email);
    expect(notice?.subject).toBe("Kata sandi Pinjaman Anda telah diubah");

    const again = await resolve(token, "sandiLain2025x");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: "validation_failed", message: expect.any(String), fields: { token: [INVALID_TOKEN] } });
    expect(await auditTypes(t.database.db, customer.id)).toContain("password_reset_done");
  });

  it("refuses an expired link with 400 on token and changes nothing", async () => {
    const customer = await createCustomer(t.database.db);
    await request(customer.email);
    const token = await linkFor(customer.email);
    await t.database.db.update(schema.passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.passwordTokens.customerId, customer.id));
    const before = await rowCounts(t.database);
    const res = await resolve(token, "sandiBaru2025x");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ token: [INVALID_TOKEN] });
    expect(await rowCounts(t.database)).toEqual(before);
    const [stored] = await t.database.db.select().from(schema.customers).where(eq(schema.customers.id, customer.id));
    expect(await verifyPassword(stored?.passwordHash ?? null, customer.password)).toBe(true);
  });

  it.each([
    ["sandipanjangsekali", [WEAK]],
    ["1234567890123", [WEAK]],
    ["pendek1", ["Minimal 10 karakter"]],
  ])("refuses the weak password %s with 400 on password, keeping the link usable", async (password, messages) => {
    const customer = await createCustomer(t.database.db);
    await request(customer.email);
    const token = await linkFor(customer.email);
    const res = await resolve(token, password);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: messages });
    expect((await resolve(token, "sandiBaru2025x")).statusCode).toBe(200);
  });

  it("names both fields when the token and the password are both wrong", async () => {
    const res = await resolve("x".repeat(43), "tanpaangkasama");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: [WEAK], token: [INVALID_TOKEN] });
  });

  it("lets only one of two parallel uses of a link win", async () => {
    const customer = await createCustomer(t.database.db);
    await request(customer.email);
    const token = await linkFor(customer.email);
    const results = await Promise.all([resolve(token, "sandiSatu2025x"), resolve(token, "sandiDua20255x")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("voids the customer's other open links once one is used", async () => {
    const customer = await createCustomer(t.database.db);
    const first = await issuePasswordToken(t.database.db, customer.id, "reset", 60);
    const second = await issuePasswordToken(t.database.db, customer.id, "reset", 60);
    expect((await resolve(second, "sandiBaru2025x")).statusCode).toBe(200);
    expect((await resolve(first, "sandiLain2025x")).statusCode).toBe(400);
  });

  it("sets a first password through a generate link (issuePasswordToken) for a customer who had none", async () => {
    const customer = await createCustomer(t.database.db, { password: null });
    const token = await issuePasswordToken(t.database.db, customer.id, "generate", 24 * 60);
    expect(passwordLink("https://pinjaman.co.id", "generate", token)).toBe(`https://pinjaman.co.id/generate-password/${token}`);
    expect((await postLogin(t.app, { email: customer.email, password: "pertamaKali2025" }, { ip: freshIp() })).statusCode).toBe(401);
    expect((await resolve(token, "pertamaKali2025")).statusCode).toBe(200);
    expect((await postLogin(t.app, { email: customer.email, password: "pertamaKali2025" }, { ip: freshIp() })).statusCode).toBe(202);
  });

  it("unlocks a login throttled by failures once the password is reset", async () => {
    const customer = await createCustomer(t.database.db);
    for (let i = 0; i < 5; i++) await postLogin(t.app, { ...customer, password: `salah-${i}-sandi` }, { ip: freshIp() });
    expect((await postLogin(t.app, customer, { ip: freshIp() })).statusCode).toBe(429);
    const token = await issuePasswordToken(t.database.db, customer.id, "reset", 60);
    expect((await resolve(token, "sandiBaru2025x")).statusCode).toBe(200);
    expect((await postLogin(t.app, { email: customer.email, password: "sandiBaru2025x" }, { ip: freshIp() })).statusCode).toBe(202);
  });

  it("throttles requests per e-mail (4th in 15 minutes) and per IP (11th), known or not, with Retry-After", async () => {
    const customer = await createCustomer(t.database.db);
    const windowFrom = Date.now();
    for (let i = 0; i < 3; i++) expect((await request(customer.email)).statusCode).toBe(202);
    const refused = await request(customer.email);
    expect(refused.statusCode).toBe(429);
    expectSecondsLeft(Number(refused.headers["retry-after"]), windowFrom + 15 * 60_000, windowFrom);
    expect(refused.json().error).toEqual({
      code: "too_many_requests",
      message: "Terlalu banyak permintaan atur ulang kata sandi. Silakan coba lagi dalam 15 menit.",
    });
    await t.app.settled();
    expect(await messagesTo(t.database.db, customer.email)).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await request(`orang-${i}@pinjaman.test`, ip)).statusCode).toBe(202);
    expect((await request("orang-lain@pinjaman.test", ip)).statusCode).toBe(429);
  });

  it("answers 404 for another method and 400 for a malformed e-mail", async () => {
    const other = await t.app.inject({
      method: "POST",
      url: "/authy_api/v1/authentication_methods/emailpass/password_resets",
      headers: { "x-locale": "id" },
      payload: { data: { email: "a@b.id" } },
    });
    expect(other.statusCode).toBe(404);
    const bad = await request("bukan-email");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toHaveLength(1);
  });

  it("knows a strong password: 10 characters with a letter and a digit", () => {
    expect(isStrongPassword("abcdefghi1")).toBe(true);
    expect(isStrongPassword("abcdefgh1")).toBe(false);
    expect(isStrongPassword("ABCDEFGHIJ")).toBe(false);
    expect(isStrongPassword("kataSandi١٢")).toBe(true);
  });
});
