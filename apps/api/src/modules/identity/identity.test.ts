import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithSessions } from "../../../test/app-with-sessions.ts";
import { rowCounts } from "../../../test/harness.ts";
import { sessionFor } from "./test-sessions.ts";

const NOT_AUTHENTICATED = { error: { code: "not_authenticated", message: "Silakan masuk terlebih dahulu." } };
const FORBIDDEN_ROLE = { error: { code: "forbidden_role", message: "Peran yang dipilih bukan milik akun Anda." } };
const LOCALE_REQUIRED = {
  error: { code: "locale_header_required", message: "Permintaan ditolak: header X-Locale wajib untuk perubahan data dari peramban." },
};

describe("GET app_api/v1/my/identity and profile", () => {
  const t = appWithSessions({ budi: "budi@pinjaman.test", sari: "sari@pinjaman.test" });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("answers the caller's identity with roles and the calling session", async () => {
    const res = await get("/app_api/v1/my/identity", t.budi.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: t.budi.customerId,
        name: "Budi Santoso",
        email: "budi@pinjaman.test",
        customer_roles: [{ id: t.budi.roles.primary, type_key: "primary" }],
        session: { id: t.budi.sessionId, expires_at: t.budi.expiresAt.getTime(), authentication_id: t.budi.authenticationId },
      },
    });
  });

  it("lists both roles of the lender", async () => {
    const res = await get("/app_api/v1/my/identity", t.sari.headers);
    expect(res.statusCode).toBe(200);
    const roles = res.json().data.customer_roles as { id: string; type_key: string }[];
    expect([...roles].sort((a, b) => a.type_key.localeCompare(b.type_key))).toEqual([
      { id: t.sari.roles.modifier, type_key: "modifier" },
      { id: t.sari.roles.primary, type_key: "primary" },
    ]);
  });

  it("answers the caller's profile", async () => {
    const [row] = await t.database.db.select().from(schema.customers).where(eq(schema.customers.id, t.budi.customerId));
    const res = await get("/app_api/v1/profile", t.budi.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: t.budi.customerId,
        name: "Budi Santoso",
        email: "budi@pinjaman.test",
        phone: "+6281234567801",
        created_at: row!.createdAt.toISOString(),
      },
    });
  });

  it("reads the session from the client cookie as the browser sends it (reads need no X-Locale)", async () => {
    const res = await get("/app_api/v1/my/identity", { cookie: t.budi.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(t.budi.customerId);
  });

  it("accepts X-Authorization with a Bearer prefix", async () => {
    const res = await get("/app_api/v1/profile", { "x-authorization": `Bearer ${t.sari.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe("sari@pinjaman.test");
  });

  it("never mixes customers: each token reads only its own identity", async () => {
    const a = (await get("/app_api/v1/my/identity", t.budi.headers)).json().data;
    const b = (await get("/app_api/v1/my/identity", t.sari.headers)).json().data;
    expect(a.id).toBe(t.budi.customerId);
    expect(b.id).toBe(t.sari.customerId);
    expect(a.id).not.toBe(b.id);
    const p = (await get("/app_api/v1/profile", t.sari.headers)).json().data;
    expect(p.id).toBe(t.sari.customerId);
  });

  it.each(["/app_api/v1/my/identity", "/app_api/v1/profile"])("%s is 401 without a session", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHENTICATED);
  });

  it.each([
    ["an unknown token", { "x-authorization": "not-a-real-token" }],
    ["a malformed cookie", { cookie: "client=%7Bnot-json" }],
    ["a cookie with an unknown token", { cookie: `client=${encodeURIComponent(JSON.stringify({ token: "x", expires_at: 1, authentication_id: "y" }))}` }],
  ])("is 401 with %s", async (_label, headers) => {
    const res = await get("/app_api/v1/my/identity", headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHENTICATED);
  });

  it("is 401 once the session is revoked or expired", async () => {
    const revoked = await sessionFor(t.database.db, "budi@pinjaman.test");
    await t.database.db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, revoked.sessionId));
    expect((await get("/app_api/v1/my/identity", revoked.headers)).statusCode).toBe(401);
    const expired = await sessionFor(t.database.db, "budi@pinjaman.test", new Date(Date.now() - 61 * 60_000));
    const res = await get("/app_api/v1/my/identity", expired.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHENTICATED);
  });

  it("accepts the caller's own X-Role and refuses another customer's role with 403", async () => {
    expect((await get("/app_api/v1/my/identity", { ...t.sari.headers, "x-role": t.sari.roles.modifier! })).statusCode).toBe(200);
    expect((await get("/app_api/v1/profile", { ...t.sari.headers, "x-role": t.sari.roles.primary! })).statusCode).toBe(200);
    for (const url of ["/app_api/v1/my/identity", "/app_api/v1/profile"]) {
      const res = await get(url, { ...t.budi.headers, "x-role": t.sari.roles.modifier! });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN_ROLE);
    }
    const unknown = await get("/app_api/v1/my/identity", { ...t.budi.headers, "x-role": "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(FORBIDDEN_ROLE);
  });

  it("refuses a cookie-authorised write without X-Locale (403, nothing stored) and allows it with X-Locale", async () => {
    const device = { identifier: t.budi.customerId, type_key: "web", token: "push-token", token_type: "firebase", operating_system: "web" };
    const before = await rowCounts(t.database);
    const refused = await t.app.inject({ method: "POST", url: "/app_api/v1/devices", headers: { cookie: t.budi.cookie }, payload: { data: device } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(LOCALE_REQUIRED);
    expect(await rowCounts(t.database)).toEqual(before);
    const allowed = await t.app.inject({
      method: "POST",
      url: "/app_api/v1/devices",
      headers: { cookie: t.budi.cookie, "x-locale": "id" },
      payload: { data: device },
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data).toMatchObject(device);
  });
});
