import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../../test/harness.ts";
import { createCustomer, enterCode, freshIp, lastCode, logIn, postLogin, wrongCode, type TestCustomer } from "./auth-test-kit.ts";

/**
 * Login codes and signature codes are limited per purpose: signing attempts never lock a customer
 * out of logging in, and failed logins never block a signature.
 */
describe("code entry limits are kept per purpose", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  let phones = 0;
  const signer = async () => {
    const customer = await createCustomer(t.database.db, { phone: `+62815000${String(++phones).padStart(5, "0")}` });
    return { customer, cookie: (await logIn(t.app, t.database.db, customer)).cookie };
  };
  const call = (cookie: string, method: "POST" | "PATCH", url: string, data: object) =>
    t.app.inject({ method, url: `/authy_api/v1${url}`, headers: { "x-locale": "id" }, cookies: { client: cookie }, payload: { data } });
  const startSignature = async (cookie: string, customer: TestCustomer) => {
    const res = await call(cookie, "POST", "/authentication_methods/sms/signatures", { subject: "kontrak:PJ-2025-0042" });
    expect(res.statusCode).toBe(201);
    return { id: res.json().data.id as string, code: await lastCode(t.database.db, customer.phone ?? customer.email) };
  };
  const pendingLogin = async (customer: TestCustomer) => {
    const res = await postLogin(t.app, customer, { ip: freshIp() });
    expect(res.statusCode).toBe(202);
    return { id: res.json().data.id as string, code: await lastCode(t.database.db, customer.email) };
  };

  it("a customer who used up the signature attempts still logs in with the e-mailed code", async () => {
    const { customer, cookie } = await signer();
    const statuses: number[] = [];
    // Two signatures: 4 wrong codes each, then more until the signature limit refuses.
    for (let s = 0; s < 3 && !statuses.includes(429); s++) {
      const signature = await startSignature(cookie, customer);
      for (let i = 0; i < 4 && !statuses.includes(429); i++) {
        statuses.push((await call(cookie, "PATCH", `/signatures/${signature.id}/code`, { code: wrongCode(signature.code) })).statusCode);
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 422)).toBe(true);

    const login = await pendingLogin(customer);
    const res = await enterCode(t.app, login.id, { code: login.code }, { ip: freshIp() });
    expect(res.statusCode).toBe(201);
  });

  it("counts only wrong signature codes: after 5 signatures with one wrong and one right code each, the 6th still signs", async () => {
    const { customer, cookie } = await signer();
    for (let s = 0; s < 6; s++) {
      const signature = await startSignature(cookie, customer);
      if (s < 5) expect((await call(cookie, "PATCH", `/signatures/${signature.id}/code`, { code: wrongCode(signature.code) })).statusCode).toBe(422);
      const res = await call(cookie, "PATCH", `/signatures/${signature.id}/code`, { code: signature.code });
      expect([s, res.statusCode, res.json().data?.status]).toEqual([s, 200, "signed"]);
    }
  });

  it("a customer who used up the login code attempts still signs with the right code", async () => {
    const { customer, cookie } = await signer();
    const statuses: number[] = [];
    for (let l = 0; l < 4 && !statuses.includes(429); l++) {
      const login = await pendingLogin(customer);
      for (let i = 0; i < 4 && !statuses.includes(429); i++) {
        statuses.push((await enterCode(t.app, login.id, { code: wrongCode(login.code) }, { ip: freshIp() })).statusCode);
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 422)).toBe(true);

    const signature = await startSignature(cookie, customer);
    const res = await call(cookie, "PATCH", `/signatures/${signature.id}/code`, { code: signature.code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe("signed");
  });
});
