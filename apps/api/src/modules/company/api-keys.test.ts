import { schema } from "@pinjaman/db";
import { API_KEY_SCOPES, type ApiKeyScope } from "@pinjaman/db/api-key-schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANY_API_KEY } from "../../config.ts";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { runApiKeyCommand } from "./api-key-command.ts";
import { createApiKey, hashApiKey, LAST_USED_RESOLUTION_MS } from "./api-keys.ts";

/** One valid call of each company service, by the scope that allows it. */
const CALLS: Record<ApiKeyScope, { method: "GET" | "POST"; url: string; payload?: object }> = {
  tkb: { method: "GET", url: "/tkb.php" },
  details: { method: "POST", url: "/v1/details", payload: { role_id: "lender" } },
  customer_list: { method: "POST", url: "/customerlist_v2.php", payload: {} },
  customer_detail: { method: "POST", url: "/customerdetail.php", payload: { customer_id: "00000000-0000-4000-8000-000000000000" } },
  lender_dashboard: { method: "POST", url: "/api/users/lender-dashboard", payload: {} },
};
/** What each answers to an allowed key (customer_detail: an unknown customer). */
const ALLOWED: Record<ApiKeyScope, number> = { tkb: 200, details: 200, customer_list: 200, customer_detail: 404, lender_dashboard: 200 };
const UNAUTHORIZED = { error: { code: "unauthorized", message: "Kunci API tidak valid atau tidak ada." } };

let t: TestApp;
const call = (scope: ApiKeyScope, headers: Record<string, string> = {}, query = "") =>
  t.app.inject({ method: CALLS[scope].method, url: `${CALLS[scope].url}${query}`, headers, ...(CALLS[scope].payload ? { payload: CALLS[scope].payload } : {}) });
const keyRow = async (id: string) => (await t.app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, id)))[0]!;

describe("company API keys", () => {
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("stores only the key's SHA-256 and a visible prefix; the key is 256 random bits", async () => {
    const { key, row } = await createApiKey(t.app.db, { name: "Mitra X", scopes: ["customer_list", "customer_list", "customer_detail"] });
    expect(key).toMatch(/^pjk_[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({ name: "Mitra X", prefix: key.slice(0, 12), keyHash: hashApiKey(key), scopes: ["customer_list", "customer_detail"], revokedAt: null, lastUsedAt: null });
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(await t.app.db.select().from(schema.apiKeys));
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(12));
    const other = await createApiKey(t.app.db, { name: "Mitra Y", scopes: ["tkb"] });
    expect(other.key).not.toBe(key);
  });

  it("refuses every service without a key, with an unknown key, an overlong one, or one off by a character: 401, nothing changed", async () => {
    const before = await rowCounts(t.database);
    for (const scope of API_KEY_SCOPES) {
      for (const headers of [{} as Record<string, string>, { "x-api-key": "pjk_unknown" }, { "x-api-key": `${SANDBOX_COMPANY_API_KEY}x` }, { "x-api-key": SANDBOX_COMPANY_API_KEY.slice(0, -1) }, { "x-api-key": "k".repeat(5000) }]) {
        const res = await call(scope, headers);
        expect(res.statusCode, `${scope} ${JSON.stringify(headers).slice(0, 40)}`).toBe(401);
        expect(res.json()).toEqual(UNAUTHORIZED);
      }
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("answers each service to a key with its scope and refuses the others with 403", async () => {
    for (const scope of API_KEY_SCOPES) {
      const { key } = await createApiKey(t.app.db, { name: `only ${scope}`, scopes: [scope] });
      for (const other of API_KEY_SCOPES) {
        const res = await call(other, { "x-api-key": key });
        if (other === scope) expect(res.statusCode, `${scope} on its own service`).toBe(ALLOWED[scope]);
        else {
          expect(res.statusCode, `${scope} key on ${other}`).toBe(403);
          expect(res.json()).toEqual({ error: { code: "forbidden_scope", message: "Kunci API ini tidak berhak memanggil layanan ini." } });
        }
      }
    }
  });

  it("checks the key before the body: a bad body without a key is 401, with a key 400 with field messages", async () => {
    const anonymous = await t.app.inject({ method: "POST", url: "/v1/details", payload: { role_id: "staff" } });
    expect(anonymous.statusCode).toBe(401);
    const keyed = await t.app.inject({ method: "POST", url: "/v1/details", headers: { "x-api-key": SANDBOX_COMPANY_API_KEY }, payload: { role_id: "staff", per_page: 1000 } });
    expect(keyed.statusCode).toBe(400);
    expect(keyed.json().error).toMatchObject({ code: "validation_failed", fields: { role_id: [expect.any(String)], per_page: ["Maksimal 100"] } });
  });

  it("takes a key in the query string only on tkb.php (the spec's ?key=), in the header everywhere", async () => {
    expect((await call("tkb", {}, `?key=${SANDBOX_COMPANY_API_KEY}`)).statusCode).toBe(200);
    expect((await call("tkb", { "x-api-key": SANDBOX_COMPANY_API_KEY })).statusCode).toBe(200);
    expect((await call("tkb", {}, "?key=pjk_wrong")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "HEAD", url: "/tkb.php" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "HEAD", url: `/tkb.php?key=${SANDBOX_COMPANY_API_KEY}` })).statusCode).toBe(200);
    for (const scope of API_KEY_SCOPES.filter((s) => s !== "tkb")) {
      expect((await call(scope, {}, `?key=${SANDBOX_COMPANY_API_KEY}`)).statusCode, scope).toBe(401);
      expect((await call(scope, { "x-api-key": SANDBOX_COMPANY_API_KEY })).statusCode, scope).toBe(ALLOWED[scope]);
    }
  });

  it("records the last use, at most once a minute per key", async () => {
    const { key, row } = await createApiKey(t.app.db, { name: "Pemakaian", scopes: ["tkb"] });
    expect((await call("tkb", { "x-api-key": key })).statusCode).toBe(200);
    const first = (await keyRow(row.id)).lastUsedAt!;
    expect(Math.abs(first.getTime() - Date.now())).toBeLessThan(60_000);
    // Within the minute: no write.
    const recent = new Date(Date.now() - LAST_USED_RESOLUTION_MS / 2);
    await t.app.db.update(schema.apiKeys).set({ lastUsedAt: recent }).where(eq(schema.apiKeys.id, row.id));
    await call("tkb", { "x-api-key": key });
    expect((await keyRow(row.id)).lastUsedAt).toEqual(recent);
    // Older than a minute: written again.
    const old = new Date(Date.now() - 2 * LAST_USED_RESOLUTION_MS);
    await t.app.db.update(schema.apiKeys).set({ lastUsedAt: old }).where(eq(schema.apiKeys.id, row.id));
    await call("tkb", { "x-api-key": key });
    expect((await keyRow(row.id)).lastUsedAt!.getTime()).toBeGreaterThan(old.getTime() + LAST_USED_RESOLUTION_MS);
  });

  it("creates, lists and revokes keys by the project command; a revoked key is refused at once", async () => {
    const created = await runApiKeyCommand(t.app.db, ["create"], { name: "Mitra Z", scopes: "customer_list, details" });
    expect(created.code).toBe(0);
    const key = created.out[2]!;
    expect(key).toMatch(/^pjk_/);
    expect(created.out[0]).toContain(`${key.slice(0, 12)}… "Mitra Z"`);
    expect((await call("details", { "x-api-key": key })).statusCode).toBe(200);

    const listed = await runApiKeyCommand(t.app.db, ["list"], {});
    const line = listed.out.find((l) => l.includes('"Mitra Z"'))!;
    expect(line).toContain("customer_list,details");
    expect(line).toContain("active");
    expect(listed.out.join("\n")).not.toContain(key);

    expect(await runApiKeyCommand(t.app.db, ["revoke", key.slice(0, 12)], {})).toMatchObject({ code: 0 });
    expect((await call("details", { "x-api-key": key })).statusCode).toBe(401);
    expect(await runApiKeyCommand(t.app.db, ["revoke", key.slice(0, 12)], {})).toMatchObject({ code: 66 });
    expect((await runApiKeyCommand(t.app.db, ["list"], {})).out.find((l) => l.includes('"Mitra Z"'))).toMatch(/REVOKED \d{4}-/);
  });

  it("refuses bad command usage with 64 and stores nothing", async () => {
    const count = async () => ((await t.app.db.execute(sql`select count(*)::int as n from api_keys`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await count();
    for (const [args, options] of [
      [["create"], { scopes: "tkb" }],
      [["create"], { name: "x", scopes: "tkb,everything" }],
      [["create"], { name: "x" }],
      [["revoke"], {}],
      [["rotate"], {}],
      [[], {}],
    ] as [string[], { name?: string; scopes?: string }][]) {
      expect((await runApiKeyCommand(t.app.db, args, options)).code, args.join(" ")).toBe(64);
    }
    expect(await count()).toBe(before);
  });
});
