import { schema } from "@pinjaman/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { expectSecondsLeft } from "../../../test/seconds-left.ts";
import { createCustomer, enterCode, freshIp, lastCode, logIn, messagesTo, postLogin, responseCookie, type TestCustomer } from "./auth-test-kit.ts";

const LOCKED = "Terlalu banyak percobaan masuk yang gagal pada akun ini. Jika kata sandi Anda benar, kami telah mengirim kode verifikasi ke e-mail Anda: masukkan kode itu bersama kata sandi untuk masuk sekarang, atau coba lagi tanpa kode dalam 15 menit.";
const LOCKED_CODE = "Kata sandi atau kode verifikasi salah, atau kode sudah tidak berlaku. Gunakan kode dari e-mail terbaru kami atau minta kode baru; tanpa kode, silakan coba lagi dalam 15 menit.";

/**
 * Five wrong passwords from anywhere lock an e-mail for 15 minutes against password guessing, but
 * never lock its owner out: a known device, or the right password with the e-mailed code, still
 * gets in. While locked the answer never tells a right password from a wrong one.
 */
describe("an account locked by wrong passwords from other addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  /** A customer who once confirmed a browser (its device key), then 5 wrong passwords from 5 addresses. */
  async function lockedOut(): Promise<{ customer: TestCustomer; deviceKey: string; windowFrom: number }> {
    const customer = await createCustomer(t.database.db);
    const { deviceKey } = await logIn(t.app, t.database.db, customer);
    const windowFrom = Date.now();
    for (let i = 0; i < 5; i++) expect((await postLogin(t.app, { ...customer, password: `tebakan-${i}-salah` }, { ip: freshIp() })).statusCode).toBe(401);
    expect((await postLogin(t.app, { ...customer, password: "tebakan-lagi-salah" }, { ip: freshIp() })).statusCode).toBe(429);
    return { customer, deviceKey, windowFrom };
  }

  it("lets the owner in from a known device with the right password, and that clears the failures", async () => {
    const { customer, deviceKey } = await lockedOut();
    const res = await postLogin(t.app, customer, { ip: freshIp(), cookies: { device_key: deviceKey } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: "authenticated", session: { id: expect.any(String) } });
    expect(responseCookie(res, "client")?.value).toBeTruthy();
    // The failures are forgotten: the next wrong password is just wrong, not locked.
    expect((await postLogin(t.app, { ...customer, password: "salah-lagi-1" }, { ip: freshIp() })).statusCode).toBe(401);
  });

  it("e-mails a code for the right password, and the right password with that code gets the session", async () => {
    const { customer, windowFrom } = await lockedOut();
    const mailsBefore = (await messagesTo(t.database.db, customer.email)).length;
    const ip = freshIp();
    const asked = await postLogin(t.app, customer, { ip });
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toEqual({ error: { code: "login_locked", message: LOCKED } });
    expectSecondsLeft(Number(asked.headers["retry-after"]), windowFrom + 15 * 60_000, windowFrom);
    expect(responseCookie(asked, "client")).toBeUndefined();
    expect(await messagesTo(t.database.db, customer.email)).toHaveLength(mailsBefore + 1);
    const code = await lastCode(t.database.db, customer.email);
    const deviceKey = responseCookie(asked, "device_key")?.value ?? "";

    // Asking again within a minute sends no second code.
    expect((await postLogin(t.app, customer, { ip })).json().error.code).toBe("login_locked");
    expect(await messagesTo(t.database.db, customer.email)).toHaveLength(mailsBefore + 1);

    const done = await postLogin(t.app, { ...customer, code }, { ip, cookies: { device_key: deviceKey } });
    expect(done.statusCode).toBe(201);
    expect(done.json().data).toMatchObject({ status: "authenticated", session: { id: expect.any(String) } });
    expect(responseCookie(done, "client")?.value).toBeTruthy();
    const [succeeded] = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.customerId, customer.id), eq(schema.auditEvents.type, "login_succeeded")))
      .orderBy(schema.auditEvents.id)
      .offset(1);
    expect(succeeded?.details).toMatchObject({ second_factor: true, session_id: done.json().data.session.id });
    // The browser is now known and the failures are cleared: it signs in directly.
    expect((await postLogin(t.app, customer, { ip: freshIp(), cookies: { device_key: deviceKey } })).statusCode).toBe(201);
  });

  it("answers a wrong password exactly as the right one while locked, e-mails nothing for it, and never takes the code with it", async () => {
    const { customer } = await lockedOut();
    const right = await postLogin(t.app, customer, { ip: freshIp() });
    const mails = (await messagesTo(t.database.db, customer.email)).length;
    const wrong = await postLogin(t.app, { ...customer, password: "tebakan-salah-9" }, { ip: freshIp() });
    const unknown = await postLogin(t.app, { email: "tidak-terdaftar@pinjaman.test", password: "x" }, { ip: freshIp() });
    for (let i = 0; i < 5; i++) await postLogin(t.app, { email: "tidak-terdaftar@pinjaman.test", password: "x" }, { ip: freshIp() });
    const unknownLocked = await postLogin(t.app, { email: "tidak-terdaftar@pinjaman.test", password: "x" }, { ip: freshIp() });
    expect(unknown.statusCode).toBe(401);
    for (const res of [wrong, unknownLocked]) {
      expect([res.statusCode, res.json(), Object.keys(res.headers).sort()]).toEqual([right.statusCode, right.json(), Object.keys(right.headers).sort()]);
      expect(responseCookie(res, "device_key")).toBeTruthy();
    }
    expect(responseCookie(right, "device_key")).toBeTruthy();
    expect(await messagesTo(t.database.db, customer.email)).toHaveLength(mails);

    // The code e-mailed for the right password does nothing with a wrong one, and is not used up by it.
    const code = await lastCode(t.database.db, customer.email);
    for (let i = 0; i < 6; i++) {
      const guess = await postLogin(t.app, { ...customer, password: `tebakan-${i}-kode`, code }, { ip: freshIp() });
      expect([guess.statusCode, guess.json()]).toEqual([429, { error: { code: "login_locked", message: LOCKED_CODE } }]);
      expect(responseCookie(guess, "client")).toBeUndefined();
    }
    const wrongCode = await postLogin(t.app, { ...customer, code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") }, { ip: freshIp() });
    expect([wrongCode.statusCode, wrongCode.json()]).toEqual([429, { error: { code: "login_locked", message: LOCKED_CODE } }]);
    expect((await postLogin(t.app, { ...customer, code }, { ip: freshIp() })).statusCode).toBe(201);
  });

  it("still throttles wrong passwords: per account, per address, and a known device after 3 failures of its own", async () => {
    const { customer, deviceKey } = await lockedOut();
    // From the known device: wrong passwords are answered as such, 3 of them cost the device its trust.
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await postLogin(t.app, { ...customer, password: `dari-perangkat-${i}` }, { ip, cookies: { device_key: deviceKey } })).statusCode).toBe(401);
    const distrusted = await postLogin(t.app, customer, { ip, cookies: { device_key: deviceKey } });
    expect([distrusted.statusCode, distrusted.json().error.code]).toEqual([429, "login_locked"]);

    // 20 failures from one address refuse even the owner's known device there.
    const other = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, other);
    const office = freshIp();
    for (let i = 0; i < 20; i++) await postLogin(t.app, { email: `acak-${i}@pinjaman.test`, password: "x" }, { ip: office });
    const refused = await postLogin(t.app, other, { ip: office, cookies: { device_key: session.deviceKey } });
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, "too_many_attempts"]);
    expect((await postLogin(t.app, other, { ip: freshIp(), cookies: { device_key: session.deviceKey } })).statusCode).toBe(201);
  });
});

describe("only wrong codes count against the code limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("lets 11 logins with the right code through in 15 minutes, from one address", async () => {
    const customer = await createCustomer(t.database.db);
    const ip = freshIp();
    for (let i = 0; i < 11; i++) {
      const first = await postLogin(t.app, customer, { ip });
      expect(first.statusCode).toBe(202);
      const res = await enterCode(t.app, first.json().data.id, { code: await lastCode(t.database.db, customer.email) }, { ip });
      expect([i, res.statusCode, res.body]).toEqual([i, 201, expect.not.stringContaining("Terlalu banyak kode yang salah")]);
    }
  });
});
