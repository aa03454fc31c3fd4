import { schema } from "@pinjaman/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { expectSecondsLeft } from "../../../test/seconds-left.ts";
import { hashToken } from "../sessions/tokens.ts";
import {
  LOGIN_URL,
  auditTypes,
  createCustomer,
  enterCode,
  freshIp,
  lastCode,
  logIn,
  messagesTo,
  postLogin,
  probe,
  responseCookie,
  tokenOf,
  wrongCode,
} from "./auth-test-kit.ts";

describe("POST authy_api/v1/authentication_methods/emailpass/authentications", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("asks a new device for the e-mailed code, then sets an HttpOnly, SameSite=Lax, Path=/ session cookie (no Secure on http)", async () => {
    const customer = await createCustomer(t.database.db);
    const ip = freshIp();
    const first = await postLogin(t.app, customer, { ip });
    expect(first.statusCode).toBe(202);
    const pending = first.json().data;
    expect(pending).toEqual({ id: expect.any(String), status: "code_required", code_sent_to: `n***@pinjaman.test`, resend_after: 60 });
    expect(responseCookie(first, "client")).toBeUndefined();
    const device = responseCookie(first, "device_key");
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/authy_api" });
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device?.secure).toBeFalsy();
    expect(device?.maxAge).toBe(365 * 24 * 60 * 60);

    const mails = await messagesTo(t.database.db, customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Kode verifikasi masuk Pinjaman");
    const code = await lastCode(t.database.db, customer.email);
    expect(mails[0]?.body).toContain(`Kode verifikasi Pinjaman Anda: ${code}. Berlaku 10 menit. Jangan berikan kode ini kepada siapa pun`);
    const [stored] = await t.database.db.select().from(schema.authentications).where(eq(schema.authentications.id, pending.id));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.deviceKeyHash).toBe(hashToken(device?.value ?? ""));

    const enteredFrom = Date.now();
    const done = await enterCode(t.app, pending.id, { code }, { ip, cookies: { device_key: device?.value ?? "" } });
    const enteredTo = Date.now();
    expect(done.statusCode).toBe(201);
    const body = done.json().data;
    expect(body).toMatchObject({ id: pending.id, status: "authenticated", session: { id: expect.any(String), authentication_id: pending.id } });
    expect(JSON.stringify(body)).not.toMatch(/token/);
    const cookie = responseCookie(done, "client");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    const value = JSON.parse(cookie?.value ?? "{}");
    expect(value).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_at: body.session.expires_at, authentication_id: pending.id });
    // An hour from the moment the code was accepted, however long the call took.
    expect(body.session.expires_at).toBeGreaterThanOrEqual(enteredFrom + 60 * 60_000);
    expect(body.session.expires_at).toBeLessThanOrEqual(enteredTo + 60 * 60_000);
    expect(cookie?.expires?.getTime()).toBe(Math.floor(body.session.expires_at / 1000) * 1000);
    expect(await probe(t.app, { cookie: cookie?.value ?? "" })).toBe(404);

    // The device is now known: the next login from it needs no code.
    const known = await t.database.db.select().from(schema.knownDevices).where(eq(schema.knownDevices.customerId, customer.id));
    expect(known).toHaveLength(1);
    const again = await postLogin(t.app, customer, { ip, cookies: { device_key: device?.value ?? "" } });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.status).toBe("authenticated");
    expect(responseCookie(again, "device_key")).toBeUndefined();
    expect(await messagesTo(t.database.db, customer.email)).toHaveLength(1);
    expect(await auditTypes(t.database.db, customer.id)).toEqual(["code_sent", "login_succeeded", "login_succeeded"]);
  });

  it("records who, from where and which request in the audit log", async () => {
    const customer = await createCustomer(t.database.db);
    const res = await postLogin(t.app, customer, { ip: "10.200.0.1", headers: { "user-agent": "Mozilla/5.0 Tes", "x-request-id": "req-login-0001" } });
    expect(res.statusCode).toBe(202);
    const [event] = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.customerId, customer.id));
    expect(event).toMatchObject({ type: "code_sent", ip: "10.200.0.1", userAgent: "Mozilla/5.0 Tes", requestId: "req-login-0001" });
    expect(event?.details).toMatchObject({ authentication_id: res.json().data.id, reason: "new_device" });
  });

  it("gives a new session id on every login and ends the browser's previous session", async () => {
    const customer = await createCustomer(t.database.db);
    const first = await logIn(t.app, t.database.db, customer);
    const second = await postLogin(t.app, customer, { cookies: { device_key: first.deviceKey, client: first.cookie } });
    expect(second.statusCode).toBe(201);
    const session = second.json().data.session;
    expect(session.id).not.toBe(first.sessionId);
    expect(second.json().data.id).not.toBe(first.authenticationId);
    expect(await probe(t.app, { cookie: first.cookie })).toBe(401);
    expect(await probe(t.app, { token: first.token })).toBe(401);
    expect(await probe(t.app, { cookie: responseCookie(second, "client")?.value ?? "" })).toBe(404);
  });

  it("answers an unknown e-mail exactly as a wrong password, and a customer without a password too", async () => {
    const customer = await createCustomer(t.database.db);
    const noPassword = await createCustomer(t.database.db, { password: null });
    const before = await rowCounts(t.database);
    const wrong = await postLogin(t.app, { email: customer.email, password: "salah-sekali-1" }, { ip: freshIp() });
    const unknown = await postLogin(t.app, { email: "tidak-ada@pinjaman.test", password: "salah-sekali-1" }, { ip: freshIp() });
    const none = await postLogin(t.app, { email: noPassword.email, password: "salah-sekali-1" }, { ip: freshIp() });
    for (const res of [wrong, unknown, none]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: "invalid_credentials", message: "E-mail atau kata sandi salah." } });
      expect(res.cookies).toEqual([]);
      expect(res.headers["retry-after"]).toBeUndefined();
    }
    const after = await rowCounts(t.database);
    // Only the failure counters and the audit log grow; no authentication, session or message.
    expect(after.authentications).toBe(before.authentications);
    expect(after.sessions).toBe(before.sessions);
    expect(after.outbox_messages).toBe(before.outbox_messages);
    expect(after.audit_events).toBe((before.audit_events ?? 0) + 3);
    const failures = await t.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.type, "login_failed"));
    expect(failures.map((f) => f.details.reason).sort()).toEqual(["no_password", "unknown_email", "wrong_password"]);
  });

  it("takes about as long for an unknown e-mail as for a wrong password (both verify an argon2id hash)", async () => {
    const customer = await createCustomer(t.database.db);
    const time = async (email: string) => {
      const started = performance.now();
      await postLogin(t.app, { email, password: "salah-sekali-1" }, { ip: freshIp() });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(customer.email));
      unknown.push(await time(`hilang-${i}@pinjaman.test`));
    }
    // An unknown e-mail that skipped argon2id would answer in a few milliseconds. The fastest of
    // each is compared: a stall of the machine only ever adds time, so it cannot fake the gap
    // unless it hits every one of the known e-mail's tries (the median of three needed two).
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });

  it("accepts the e-mail in any case and with spaces", async () => {
    const customer = await createCustomer(t.database.db);
    const res = await postLogin(t.app, { email: `  ${customer.email.toUpperCase()} `, password: customer.password }, { ip: freshIp() });
    expect(res.statusCode).toBe(202);
  });

  it.each([
    [{}, "data"],
    [{ data: { email: "bukan-email", password: "x" } }, "email"],
    [{ data: { email: "a@b.id", password: "" } }, "password"],
  ])("refuses the malformed body %o with 400 on %s, storing nothing", async (payload, field) => {
    const before = await rowCounts(t.database);
    const res = await t.app.inject({ method: "POST", url: LOGIN_URL, headers: { "x-locale": "id" }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
    expect(res.json().error.fields[field]).toHaveLength(1);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("answers 404 for another method, whatever the body", async () => {
    for (const payload of [{ data: { email: "a@b.id", password: "x" } }, {}]) {
      const res = await t.app.inject({ method: "POST", url: "/authy_api/v1/authentication_methods/magic/authentications", headers: { "x-locale": "id" }, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "method_not_found", message: "Metode autentikasi tidak dikenal." } });
    }
  });

  it("refuses a cross-site form post (no X-Locale) with 403 and checks nothing", async () => {
    const customer = await createCustomer(t.database.db);
    const before = await rowCounts(t.database);
    const res = await t.app.inject({
      method: "POST",
      url: LOGIN_URL,
      payload: { data: { email: customer.email, password: customer.password } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("locale_header_required");
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("asks for a code on a known device once that browser had 3 failures in the window", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    const ip = freshIp();
    const device = { device_key: session.deviceKey };
    for (let i = 0; i < 3; i++) expect((await postLogin(t.app, { ...customer, password: "salah-sekali-1" }, { ip, cookies: device })).statusCode).toBe(401);
    const res = await postLogin(t.app, customer, { ip, cookies: device });
    expect(res.statusCode).toBe(202);
    const [auth] = await t.database.db.select().from(schema.authentications).where(eq(schema.authentications.id, res.json().data.id));
    expect(auth?.status).toBe("code_required");
    // The right password cleared the failures: the next login from the known device is direct again.
    const next = await postLogin(t.app, customer, { ip, cookies: device });
    expect(next.statusCode).toBe(201);
  });

  it("keeps a known device direct when the failures came from elsewhere", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    for (let i = 0; i < 4; i++) expect((await postLogin(t.app, { ...customer, password: "salah-sekali-1" }, { ip: freshIp() })).statusCode).toBe(401);
    expect((await postLogin(t.app, customer, { ip: freshIp(), cookies: { device_key: session.deviceKey } })).statusCode).toBe(201);
  });

  it("asks staff for the code on every login, from a known device too (decision 0026)", async () => {
    const customer = await createCustomer(t.database.db);
    const [staffRole] = await t.database.db.insert(schema.customerRoles).values({ customerId: customer.id, typeKey: "operator" }).returning();
    const session = await logIn(t.app, t.database.db, customer);
    const again = await postLogin(t.app, customer, { ip: freshIp(), cookies: { device_key: session.deviceKey } });
    expect(again.statusCode).toBe(202);
    const [auth] = await t.database.db.select().from(schema.authentications).where(eq(schema.authentications.id, again.json().data.id));
    expect(auth?.status).toBe("code_required");
    const sent = await t.database.db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.customerId, customer.id), eq(schema.auditEvents.type, "code_sent")));
    expect(sent.at(-1)?.details).toMatchObject({ reason: "staff" });
    // Without the staff role the known device signs in directly again.
    await t.database.db.delete(schema.customerRoles).where(eq(schema.customerRoles.id, staffRole!.id));
    expect((await postLogin(t.app, customer, { ip: freshIp(), cookies: { device_key: session.deviceKey } })).statusCode).toBe(201);
  });

  it("does not know a device key another customer's code confirmed", async () => {
    const a = await createCustomer(t.database.db);
    const b = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, a);
    const res = await postLogin(t.app, b, { cookies: { device_key: session.deviceKey }, ip: freshIp() });
    expect(res.statusCode).toBe(202);
  });
});

describe("login throttling", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("refuses the 6th attempt on an account within 15 minutes with 429, Retry-After and when to retry (lockout.test.ts: how the owner still gets in)", async () => {
    const customer = await createCustomer(t.database.db);
    const windowFrom = Date.now();
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(t.app, { ...customer, password: `salah-${i}-sandi` }, { ip: freshIp() });
      expect(res.statusCode).toBe(401);
    }
    const refused = await postLogin(t.app, { ...customer, password: "salah-6-sandi" }, { ip: freshIp() });
    expect(refused.statusCode).toBe(429);
    // The window opened with the first failure: 15 minutes from then, less the time the attempts took.
    expectSecondsLeft(Number(refused.headers["retry-after"]), windowFrom + 15 * 60_000, windowFrom);
    expect(refused.json()).toEqual({
      error: {
        code: "login_locked",
        message:
          "Terlalu banyak percobaan masuk yang gagal pada akun ini. Jika kata sandi Anda benar, kami telah mengirim kode verifikasi ke e-mail Anda: masukkan kode itu bersama kata sandi untuk masuk sekarang, atau coba lagi tanpa kode dalam 15 menit.",
      },
    });
    expect(await messagesTo(t.database.db, customer.email)).toHaveLength(0);
    const failures = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.customerId, customer.id), eq(schema.auditEvents.type, "login_failed")))
      .orderBy(schema.auditEvents.id);
    expect(failures.map((f) => f.details)).toEqual([...Array(5).fill({ reason: "wrong_password" }), { reason: "wrong_password", locked: true }]);

    // When the window has passed, the right password works again.
    await t.database.db.update(schema.throttles).set({ windowStartedAt: new Date(Date.now() - 16 * 60_000) });
    expect((await postLogin(t.app, customer, { ip: freshIp() })).statusCode).toBe(202);
  });

  it("throttles an unknown e-mail the same way (the limit does not reveal whether it exists)", async () => {
    for (let i = 0; i < 5; i++) expect((await postLogin(t.app, { email: "siapa@pinjaman.test", password: "x" }, { ip: freshIp() })).statusCode).toBe(401);
    const refused = await postLogin(t.app, { email: "siapa@pinjaman.test", password: "x" }, { ip: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("login_locked");
  });

  it("refuses the 21st failure from one IP across accounts, and says so in seconds near the end of the window", async () => {
    const ip = freshIp();
    const windowFrom = Date.now();
    for (let i = 0; i < 20; i++) {
      expect((await postLogin(t.app, { email: `acak-${i}@pinjaman.test`, password: "x" }, { ip })).statusCode).toBe(401);
    }
    const customer = await createCustomer(t.database.db);
    const refused = await postLogin(t.app, customer, { ip });
    expect(refused.statusCode).toBe(429);
    expectSecondsLeft(Number(refused.headers["retry-after"]), windowFrom + 15 * 60_000, windowFrom);
    // Another address is not affected.
    expect((await postLogin(t.app, customer, { ip: freshIp() })).statusCode).toBe(202);

    // A minute before the window ends: the answer counts the seconds left (the server's clock
    // runs on while the update and the call take their time, so the bound is measured around them).
    const setAt = Date.now();
    const endsAt = setAt + 60_000;
    await t.database.db
      .update(schema.throttles)
      .set({ windowStartedAt: new Date(endsAt - 15 * 60_000) })
      .where(eq(schema.throttles.key, `login:ip:${ip}`));
    const late = await postLogin(t.app, customer, { ip });
    expect(late.statusCode).toBe(429);
    const seconds = Number(late.headers["retry-after"]);
    expectSecondsLeft(seconds, endsAt, setAt);
    expect(late.json().error.message).toBe(`Terlalu banyak percobaan masuk yang gagal. Demi keamanan akun Anda, silakan coba lagi dalam ${seconds} detik.`);
  });

  it("counts parallel attempts atomically: of 12 simultaneous wrong passwords exactly 5 are answered before the lock", async () => {
    const customer = await createCustomer(t.database.db);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postLogin(t.app, { ...customer, password: `paralel-${i}-x` }, { ip: freshIp() })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("only failures count for the IP: many good logins from one office address stay allowed", async () => {
    const ip = freshIp();
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer, { ip });
    for (let i = 0; i < 22; i++) {
      const res = await postLogin(t.app, customer, { ip, cookies: { device_key: session.deviceKey } });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe("second factor: PATCH authy_api/v1/authentications/{id}/code and GET …/poll", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  async function pending() {
    const customer = await createCustomer(t.database.db);
    const ip = freshIp();
    const res = await postLogin(t.app, customer, { ip });
    expect(res.statusCode).toBe(202);
    const deviceKey = responseCookie(res, "device_key")?.value ?? "";
    return { customer, ip, id: res.json().data.id as string, code: await lastCode(t.database.db, customer.email), deviceKey };
  }

  it("polls the status without any token, and 404 for an unknown or malformed id", async () => {
    const sentFrom = Date.now();
    const p = await pending();
    const res = await t.app.inject({ method: "GET", url: `/authy_api/v1/authentications/${p.id}/poll` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: p.id, status: "code_required", code_sent_to: "n***@pinjaman.test", resend_after: expect.any(Number) } });
    expectSecondsLeft(res.json().data.resend_after, sentFrom + 60_000, sentFrom, 0);
    for (const id of ["7a1d3c1e-0000-4000-8000-000000000000", "nope"]) {
      const missing = await t.app.inject({ method: "GET", url: `/authy_api/v1/authentications/${id}/poll` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe("authentication_not_found");
    }
    const done = await enterCode(t.app, p.id, { code: p.code }, { ip: p.ip, cookies: { device_key: p.deviceKey } });
    const cookie = responseCookie(done, "client")?.value ?? "";
    const anonymous = await t.app.inject({ method: "GET", url: `/authy_api/v1/authentications/${p.id}/poll` });
    expect(anonymous.json()).toEqual({ data: { id: p.id, status: "authenticated" } });
    const own = await t.app.inject({ method: "GET", url: `/authy_api/v1/authentications/${p.id}/poll`, cookies: { client: cookie } });
    expect(own.json().data.session).toEqual(done.json().data.session);
    expect(own.body).not.toContain(tokenOf(cookie));
  });

  it("answers a wrong code with 422 naming the attempts left, and fails the login at the 5th", async () => {
    const p = await pending();
    const bad = wrongCode(p.code);
    for (let left = 4; left >= 1; left--) {
      const res = await enterCode(t.app, p.id, { code: bad }, { ip: p.ip });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: { code: "wrong_code", message: `Kode salah. Sisa percobaan: ${left}.`, fields: { code: [`Kode salah. Sisa percobaan: ${left}.`] } },
      });
    }
    const last = await enterCode(t.app, p.id, { code: bad }, { ip: p.ip });
    expect(last.statusCode).toBe(410);
    expect(last.json().error).toEqual({
      code: "authentication_failed",
      message: "Kode salah 5 kali. Demi keamanan, silakan masuk kembali untuk mendapatkan kode baru.",
    });
    // Even the right code is now refused, and no new code can be asked for.
    const right = await enterCode(t.app, p.id, { code: p.code }, { ip: p.ip });
    expect(right.statusCode).toBe(410);
    expect(responseCookie(right, "client")).toBeUndefined();
    expect((await enterCode(t.app, p.id, { resend: true }, { ip: p.ip })).statusCode).toBe(410);
    const poll = await t.app.inject({ method: "GET", url: `/authy_api/v1/authentications/${p.id}/poll` });
    expect(poll.json().data.status).toBe("failed");
    const [row] = await t.database.db.select().from(schema.authentications).where(eq(schema.authentications.id, p.id));
    expect(row).toMatchObject({ status: "failed", codeAttempts: 5 });
    expect(await auditTypes(t.database.db, p.customer.id)).toEqual(["code_sent", ...Array(5).fill("code_failed")]);
    expect(await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.customerId, p.customer.id))).toHaveLength(0);
  });

  it("refuses an expired code with 410 and a new one can be asked for", async () => {
    const p = await pending();
    await t.database.db
      .update(schema.authentications)
      .set({ codeExpiresAt: new Date(Date.now() - 1000), codeSentAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(schema.authentications.id, p.id));
    const res = await enterCode(t.app, p.id, { code: p.code }, { ip: p.ip });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({
      code: "code_expired",
      message: "Kode sudah kedaluwarsa. Silakan minta kode baru.",
      fields: { code: ["Kode sudah kedaluwarsa. Silakan minta kode baru."] },
    });
    expect((await enterCode(t.app, p.id, { resend: true }, { ip: p.ip })).statusCode).toBe(200);
    const fresh = await lastCode(t.database.db, p.customer.email);
    expect((await enterCode(t.app, p.id, { code: fresh }, { ip: p.ip })).statusCode).toBe(201);
  });

  it("refuses a resend within 60 s with 429 and Retry-After; after that sends a new code, resets the attempts and kills the old code", async () => {
    const sentFrom = Date.now();
    const p = await pending();
    expect((await enterCode(t.app, p.id, { code: wrongCode(p.code) }, { ip: p.ip })).statusCode).toBe(422);
    const early = await enterCode(t.app, p.id, { resend: true }, { ip: p.ip });
    expect(early.statusCode).toBe(429);
    const wait = Number(early.headers["retry-after"]);
    expectSecondsLeft(wait, sentFrom + 60_000, sentFrom);
    expect(early.json().error).toEqual({ code: "resend_too_early", message: `Kode baru dapat diminta lagi dalam ${wait} detik.` });
    expect(await messagesTo(t.database.db, p.customer.email)).toHaveLength(1);

    await t.database.db
      .update(schema.authentications)
      .set({ codeSentAt: new Date(Date.now() - 61_000) })
      .where(eq(schema.authentications.id, p.id));
    const resent = await enterCode(t.app, p.id, { resend: true }, { ip: p.ip });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ data: { id: p.id, status: "code_required", code_sent_to: "n***@pinjaman.test", resend_after: 60 } });
    expect(await messagesTo(t.database.db, p.customer.email)).toHaveLength(2);
    const [row] = await t.database.db.select().from(schema.authentications).where(eq(schema.authentications.id, p.id));
    expect(row?.codeAttempts).toBe(0);
    const fresh = await lastCode(t.database.db, p.customer.email);
    if (fresh !== p.code) {
      const old = await enterCode(t.app, p.id, { code: p.code }, { ip: p.ip });
      expect(old.statusCode).toBe(422);
      expect(old.json().error.message).toBe("Kode salah. Sisa percobaan: 4.");
    }
    expect((await enterCode(t.app, p.id, { code: fresh }, { ip: p.ip })).statusCode).toBe(201);
  });

  it("refuses a second use of the right code with 409 and makes one session only", async () => {
    const p = await pending();
    const [a, b] = await Promise.all([
      enterCode(t.app, p.id, { code: p.code }, { ip: p.ip }),
      enterCode(t.app, p.id, { code: p.code }, { ip: p.ip }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.customerId, p.customer.id))).toHaveLength(1);
    const again = await enterCode(t.app, p.id, { code: p.code }, { ip: p.ip });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("authentication_completed");
  });

  it("expires a login left waiting for its code for 30 minutes", async () => {
    const p = await pending();
    await t.database.db
      .update(schema.authentications)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(schema.authentications.id, p.id));
    const res = await enterCode(t.app, p.id, { code: p.code }, { ip: p.ip });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({ code: "authentication_expired", message: "Proses masuk sudah kedaluwarsa. Silakan masuk kembali." });
    const poll = await t.app.inject({ method: "GET", url: `/authy_api/v1/authentications/${p.id}/poll` });
    expect(poll.json()).toEqual({ data: { id: p.id, status: "expired" } });
  });

  it.each([
    [{ code: "12345" }],
    [{ code: "abcdef" }],
    [{ resend: false }],
    [{}],
  ])("refuses the malformed code body %o with 400, changing nothing", async (data) => {
    const p = await pending();
    const before = await rowCounts(t.database);
    const res = await t.app.inject({ method: "PATCH", url: `/authy_api/v1/authentications/${p.id}/code`, headers: { "x-locale": "id" }, payload: { data } });
    expect(res.statusCode).toBe(400);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("answers 404 for an unknown authentication", async () => {
    const res = await enterCode(t.app, "7a1d3c1e-0000-4000-8000-000000000000", { code: "123456" });
    expect(res.statusCode).toBe(404);
  });

  it("throttles code entry per customer across logins: the 11th code in 15 minutes is refused", async () => {
    const customer = await createCustomer(t.database.db);
    const ip = freshIp();
    const windowFrom = Date.now();
    const logins: { id: string; code: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postLogin(t.app, customer, { ip });
      expect(res.statusCode).toBe(202);
      logins.push({ id: res.json().data.id, code: await lastCode(t.database.db, customer.email) });
    }
    let entered = 0;
    for (const login of logins) {
      for (let i = 0; i < 4 && entered < 10; i++, entered++) {
        expect((await enterCode(t.app, login.id, { code: wrongCode(login.code) }, { ip: freshIp() })).statusCode).toBe(422);
      }
    }
    const last = logins[2] ?? { id: "", code: "" };
    const refused = await enterCode(t.app, last.id, { code: last.code }, { ip: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("too_many_attempts");
    expect(refused.json().error.message).toBe("Terlalu banyak kode yang salah. Silakan coba lagi dalam 15 menit.");
    expectSecondsLeft(Number(refused.headers["retry-after"]), windowFrom + 15 * 60_000, windowFrom);
  });
});

describe("the session cookie on https", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_ORIGIN: "https://pinjaman.co.id" });
  });
  afterAll(() => t.close());

  it("is Secure (and so is the device cookie) when the site is served over https", async () => {
    const customer = await createCustomer(t.database.db);
    const first = await postLogin(t.app, customer);
    expect(responseCookie(first, "device_key")?.secure).toBe(true);
    const code = await lastCode(t.database.db, customer.email);
    const done = await enterCode(t.app, first.json().data.id, { code });
    expect(done.statusCode).toBe(201);
    expect(responseCookie(done, "client")).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
  });
});
