import { PassThrough } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig, testDatabase } from "../../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { LOGIN_URL, createCustomer, lastCode, type TestCustomer } from "./auth-test-kit.ts";

/**
 * A native client has no cookie jar: it asks for its session token with `X-Client: native`,
 * reads it from the answer and calls with X-Authorization only (decision 0006). Every call here
 * sends no cookie, and the logs of the run never hold a token.
 */
describe("a native client without cookies", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let logged = "";
  beforeAll(async () => {
    const database = await testDatabase();
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => (logged += chunk.toString()));
    app = await buildApp({ db: database.db, config: testConfig({ LOG_LEVEL: "info" }), logStream: stream });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  // X-Locale on every write without X-Authorization, as the spec has every request carry it.
  const NATIVE = { "x-client": "native", "x-locale": "id" };
  const identity = (token: string) => app.inject({ method: "GET", url: "/app_api/v1/my/identity", headers: { "x-authorization": token } });

  async function nativeLogin(customer: TestCustomer): Promise<LightMyRequestResponse> {
    const first = await app.inject({ method: "POST", url: LOGIN_URL, headers: NATIVE, payload: { data: { email: customer.email, password: customer.password } } });
    // No device_key cookie comes back from a client without a jar: the e-mailed code is asked.
    expect(first.statusCode, first.body).toBe(202);
    const code = await lastCode(app.db, customer.email);
    return app.inject({ method: "PATCH", url: `/authy_api/v1/authentications/${first.json().data.id}/code`, headers: NATIVE, payload: { data: { code } } });
  }

  it("logs in with X-Client: native, gets the token in the answer and calls my/identity with X-Authorization only", async () => {
    const customer = await createCustomer(app.db, { name: "Sari Wulandari" });
    const done = await nativeLogin(customer);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.headers["cache-control"]).toBe("no-store");
    const session = done.json().data.session;
    expect(session).toEqual({ id: expect.any(String), expires_at: expect.any(Number), authentication_id: done.json().data.id, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    const me = await identity(session.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ id: customer.id, name: "Sari Wulandari", email: customer.email, session: { id: session.id } });
    expect(logged).not.toContain(session.token);
  });

  it("refreshes with X-Authorization only: the new token in the answer, the old one refused", async () => {
    const customer = await createCustomer(app.db);
    const { session } = (await nativeLogin(customer)).json().data;
    const res = await app.inject({ method: "PATCH", url: `/authy_api/sessions/${session.id}`, headers: { "x-authorization": session.token } });
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json().data;
    expect(renewed).toMatchObject({ id: session.id, token: expect.any(String) });
    expect(renewed.token).not.toBe(session.token);
    expect((await identity(renewed.token)).statusCode).toBe(200);
    expect((await identity(session.token)).statusCode).toBe(401);
    expect(logged).not.toContain(renewed.token);
  });

  it("gives no token to a browser: not without X-Client: native, and not on a refresh by the cookie", async () => {
    const customer = await createCustomer(app.db);
    const first = await app.inject({ method: "POST", url: LOGIN_URL, headers: { "x-locale": "id" }, payload: { data: { email: customer.email, password: customer.password } } });
    const code = await lastCode(app.db, customer.email);
    const done = await app.inject({ method: "PATCH", url: `/authy_api/v1/authentications/${first.json().data.id}/code`, headers: { "x-locale": "id" }, payload: { data: { code } } });
    expect(done.statusCode).toBe(201);
    expect(done.json().data.session).not.toHaveProperty("token");
    const cookie = done.cookies.find((c) => c.name === "client")!.value;
    const refreshed = await app.inject({ method: "PATCH", url: `/authy_api/sessions/${done.json().data.session.id}`, headers: NATIVE, cookies: { client: cookie } });
    expect(refreshed.statusCode).toBe(200);
    // A page script cannot read the rotated token by claiming to be native: the cookie authorised the call.
    expect(refreshed.json().data).not.toHaveProperty("token");
  });
});
