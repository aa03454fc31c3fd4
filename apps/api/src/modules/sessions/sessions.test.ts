import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { rowCounts, testApp, testConfig, type TestApp } from "../../../test/harness.ts";
import { auditTypes, createCustomer, logIn, postLogin, probe, responseCookie, tokenOf } from "../authentication/auth-test-kit.ts";

const refresh = (app: FastifyInstance, id: string, auth: { cookie?: string; token?: string }) =>
  app.inject({
    method: "PATCH",
    url: `/authy_api/sessions/${id}`,
    headers: { "x-locale": "id", ...(auth.token ? { "x-authorization": auth.token } : {}) },
    ...(auth.cookie ? { cookies: { client: auth.cookie } } : {}),
  });

const logout = (app: FastifyInstance, id: string, auth: { cookie?: string; token?: string }, headers: Record<string, string> = { "x-locale": "id" }) =>
  app.inject({
    method: "DELETE",
    url: `/authy_api/sessions/${id}`,
    headers: { ...headers, ...(auth.token ? { "x-authorization": auth.token } : {}) },
    ...(auth.cookie ? { cookies: { client: auth.cookie } } : {}),
  });

describe("PATCH authy_api/sessions/{id} (refresh)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("renews the caller's session before expiry: new token and expiry in the rewritten cookie, the old token refused", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    // Ten minutes before the end, as the site schedules it.
    const soon = new Date(Date.now() + 10 * 60_000);
    await t.database.db.update(schema.sessions).set({ expiresAt: soon }).where(eq(schema.sessions.id, session.sessionId));

    const before = Date.now();
    const res = await refresh(t.app, session.sessionId, { cookie: session.cookie });
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({ id: session.sessionId, expires_at: expect.any(Number), authentication_id: session.authenticationId });
    // An hour from the moment of the refresh, however long the call took.
    expect(data.expires_at).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(data.expires_at).toBeLessThanOrEqual(after + 60 * 60_000);
    expect(res.body).not.toContain(session.token);
    const cookie = responseCookie(res, "client");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const renewed = JSON.parse(cookie?.value ?? "{}");
    expect(renewed).toEqual({ token: expect.any(String), expires_at: data.expires_at, authentication_id: session.authenticationId });
    expect(renewed.token).not.toBe(session.token);

    expect(await probe(t.app, { cookie: session.cookie })).toBe(401);
    expect(await probe(t.app, { token: session.token })).toBe(401);
    expect(await probe(t.app, { cookie: cookie?.value ?? "" })).toBe(404);
    expect(await probe(t.app, { token: renewed.token })).toBe(404);
    const [row] = await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.sessionId));
    expect(row?.refreshedAt).toBeInstanceOf(Date);
    expect((await auditTypes(t.database.db, customer.id)).at(-1)).toBe("refresh");
  });

  it("lets a native client refresh with X-Authorization and read the new token from the answer (the cookie's too)", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    const res = await refresh(t.app, session.sessionId, { token: session.token });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token;
    expect(token).toBe(tokenOf(responseCookie(res, "client")?.value ?? ""));
    expect(await probe(t.app, { token })).toBe(404);
    expect(await probe(t.app, { token: session.token })).toBe(401);
  });

  it("refuses to refresh an expired session with 401 and changes nothing", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    await t.database.db.update(schema.sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.sessions.id, session.sessionId));
    const before = await rowCounts(t.database);
    const res = await refresh(t.app, session.sessionId, { cookie: session.cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: "not_authenticated", message: "Silakan masuk terlebih dahulu." } });
    expect(responseCookie(res, "client")).toBeUndefined();
    expect(await rowCounts(t.database)).toEqual(before);
    expect(await probe(t.app, { cookie: session.cookie })).toBe(401);
  });

  it("refuses without a session (401) and for another customer's session id (404)", async () => {
    const a = await createCustomer(t.database.db);
    const b = await createCustomer(t.database.db);
    const sa = await logIn(t.app, t.database.db, a);
    const sb = await logIn(t.app, t.database.db, b);
    expect((await refresh(t.app, sa.sessionId, {})).statusCode).toBe(401);
    const foreign = await refresh(t.app, sb.sessionId, { cookie: sa.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { code: "session_not_found", message: "Sesi tidak ditemukan." } });
    // b's session is untouched.
    expect(await probe(t.app, { cookie: sb.cookie })).toBe(404);
    expect((await refresh(t.app, "bukan-uuid", { cookie: sa.cookie })).statusCode).toBe(404);
  });

  it("refuses a cookie-authorised refresh without X-Locale (a cross-site request) with 403", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    const res = await t.app.inject({ method: "PATCH", url: `/authy_api/sessions/${session.sessionId}`, cookies: { client: session.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("locale_header_required");
    expect(await probe(t.app, { cookie: session.cookie })).toBe(404);
  });
});

describe("DELETE authy_api/sessions/{id} (logout)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("revokes the session, clears the cookie and answers 204; the token is refused by cookie and by X-Authorization", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    const res = await logout(t.app, session.sessionId, { cookie: session.cookie });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const cleared = responseCookie(res, "client");
    expect(cleared?.value).toBe("");
    expect(cleared?.path).toBe("/");
    expect(cleared?.expires?.getTime()).toBe(0);
    expect(await probe(t.app, { cookie: session.cookie })).toBe(401);
    expect(await probe(t.app, { token: session.token })).toBe(401);
    expect((await refresh(t.app, session.sessionId, { token: session.token })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.sessionId));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect((await auditTypes(t.database.db, customer.id)).at(-1)).toBe("logout");
    // Logging out again: nobody is logged in.
    const again = await logout(t.app, session.sessionId, { cookie: session.cookie });
    expect(again.statusCode).toBe(401);
    expect(responseCookie(again, "client")?.value).toBe("");
  });

  it("logs out a native client by X-Authorization (no X-Locale needed)", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    const res = await logout(t.app, session.sessionId, { token: session.token }, {});
    expect(res.statusCode).toBe(204);
    expect(await probe(t.app, { cookie: session.cookie })).toBe(401);
  });

  it("refuses a logout posted cross-site (cookie without X-Locale) with 403, keeping the session", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    const res = await logout(t.app, session.sessionId, { cookie: session.cookie }, {});
    expect(res.statusCode).toBe(403);
    expect(await probe(t.app, { cookie: session.cookie })).toBe(404);
  });

  it("answers 404 for another customer's session and leaves it alive", async () => {
    const a = await createCustomer(t.database.db);
    const b = await createCustomer(t.database.db);
    const sa = await logIn(t.app, t.database.db, a);
    const sb = await logIn(t.app, t.database.db, b);
    const res = await logout(t.app, sb.sessionId, { cookie: sa.cookie });
    expect(res.statusCode).toBe(404);
    expect(await probe(t.app, { cookie: sb.cookie })).toBe(404);
    expect(await probe(t.app, { cookie: sa.cookie })).toBe(404);
  });
});

describe("sessions across two server processes on one database", () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await testApp();
    other = await buildApp({ db: t.database.db, config: testConfig() });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("logs in on one, is recognised, refreshed and logged out on the other", async () => {
    const customer = await createCustomer(t.database.db);
    const session = await logIn(t.app, t.database.db, customer);
    expect(await probe(other, { cookie: session.cookie })).toBe(404);

    const renewed = await refresh(other, session.sessionId, { cookie: session.cookie });
    expect(renewed.statusCode).toBe(200);
    const cookie = responseCookie(renewed, "client")?.value ?? "";
    expect(await probe(t.app, { cookie: session.cookie })).toBe(401);
    expect(await probe(t.app, { cookie })).toBe(404);

    expect((await logout(t.app, session.sessionId, { cookie })).statusCode).toBe(204);
    expect(await probe(other, { cookie })).toBe(401);
  });

  it("shares the login throttle between the processes", async () => {
    const customer = await createCustomer(t.database.db);
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? t.app : other;
      expect((await postLogin(app, { ...customer, password: `salah-${i}-sandi` }, { ip: `10.99.0.${i + 1}` })).statusCode).toBe(401);
    }
    expect((await postLogin(other, customer, { ip: "10.99.0.50" })).statusCode).toBe(429);
    expect((await postLogin(t.app, customer, { ip: "10.99.0.51" })).statusCode).toBe(429);
  });
});
