import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import siteRoutes from "../../../web/app/routes.ts";
import { testConfig, testDatabase } from "../../test/harness.ts";
import { buildApp } from "../app.ts";
import { investmentAccountOf } from "../modules/accounts/sandbox-accounts.ts";
import { createCustomer, lastCode, lastMessage, logIn } from "../modules/authentication/auth-test-kit.ts";
import { withBankAccount } from "../modules/disbursal/sandbox-loans.ts";
import { multipartForm, JPEG_1PX } from "../modules/field-uploads/upload-test-kit.ts";
import { sessionFor } from "../modules/identity/test-sessions.ts";
import { loggablePagePath, pagePatterns } from "./log-safety.ts";

type SiteRoute = { id?: string; path?: string; children?: SiteRoute[] };

/** The site's route table as the build's manifest lists it (id, path, parent). */
function manifestOf(entries: SiteRoute[], parentId = "root", out: Record<string, { path?: string; parentId?: string }> = { root: { path: "" } }) {
  entries.forEach((entry, i) => {
    const id = entry.id ?? `${parentId}/${i}`;
    out[id] = { ...(entry.path !== undefined ? { path: entry.path } : {}), parentId };
    if (entry.children) manifestOf(entry.children, id, out);
  });
  return out;
}

const PAGE_PATTERNS = pagePatterns(manifestOf(siteRoutes as SiteRoute[]));

/**
 * Issue 17 item 6: a password-reset token read from the request log set a new password. Every
 * secret a run issues (reset token, login code and authentication id, session token, device key,
 * withdrawal code, upload policy, API key, an anonymous holder's flow progress id) is used the way
 * its holder uses it, against an app logging at debug level; no log line may hold any of them.
 */
describe("no issued secret reaches the logs", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let logged = "";
  const secrets = new Map<string, string>();
  const keep = (name: string, value: string | undefined) => {
    expect(value, name).toBeTruthy();
    secrets.set(name, value!);
    return value!;
  };

  beforeAll(async () => {
    const database = await testDatabase();
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => (logged += chunk.toString()));
    app = await buildApp({
      db: database.db,
      config: testConfig({ LOG_LEVEL: "debug" }),
      logStream: stream,
      // The site as mountWeb mounts it, with a stand-in page (the API tests run without the web build).
      web: async (site) => {
        site.decorate("loggablePagePath", loggablePagePath(PAGE_PATTERNS));
        site.get("/*", async (_, reply) => reply.type("text/html").send("<p>halaman</p>"));
      },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 180_000);
  afterAll(() => close?.());

  it("password reset: the token in the link's path (page and data request) and in the body", async () => {
    const customer = await createCustomer(app.db);
    const reset = "/authy_api/v1/authentication_methods/emailpass_reset/password_resets";
    expect((await app.inject({ method: "POST", url: reset, headers: { "x-locale": "id" }, payload: { data: { email: customer.email } } })).statusCode).toBe(202);
    await app.settled(); // the mail is sent after the answer
    const token = keep("reset token", (await lastMessage(app.db, customer.email))?.body.match(/\/reset-password\/([A-Za-z0-9_-]{43})\b/)?.[1]);
    for (const url of [`/reset-password/${token}`, `/reset-password/${token}.data`, `/RESET-PASSWORD/${token}/`, `/generate-password/${token}?from=mail`]) {
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(200);
    }
    // A link broken in transit is refused before any route, and still logged by the page's pattern.
    expect((await app.inject({ method: "GET", url: `/reset-password/${token}%E0%A4%A` })).statusCode).toBe(400);
    const resolved = await app.inject({ method: "POST", url: `${reset}/resolve`, headers: { "x-locale": "id" }, payload: { data: { token, password: "Sandi-Baru-Kuat-2026" } } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(logged).toContain('"url":"/reset-password/:token"');
    expect(logged).toContain('"url":"/reset-password/:token.data"');
  });

  it("login: the mailed code, the authentication in the path, the session token and the device key", async () => {
    const customer = await createCustomer(app.db);
    const session = await logIn(app, app.db, customer);
    keep("login code", await lastCode(app.db, customer.email));
    keep("authentication id", session.authenticationId);
    keep("session token", session.token);
    keep("device key", session.deviceKey);
    expect((await app.inject({ method: "GET", url: `/authy_api/v1/authentications/${session.authenticationId}/poll` })).statusCode).toBeLessThan(500);
    expect((await app.inject({ method: "GET", url: "/app_api/v1/identity", headers: { "x-authorization": session.token } })).statusCode).toBe(200);
    expect(logged).toContain('"url":"/authy_api/v1/authentications/:id/code"');
  });

  it("withdrawal: the code sent to the lender", async () => {
    const sari = await sessionFor(app.db, "sari@pinjaman.test");
    const account = await investmentAccountOf(app.db, sari.customerId);
    await withBankAccount(app.db, sari.customerId, "8800112233");
    const post = (path: string, data: object) => app.inject({ method: "POST", url: `/app_api/v1/accounts/${account}/${path}`, headers: sari.headers, payload: { data } });
    expect((await post("deposits", { amount: 1_000_000, idempotency_key: "log-secrets-topup", channel: "bri_va" })).statusCode).toBe(201);
    const asked = await post("withdrawals/code", { amount: 100_000 });
    expect(asked.statusCode, asked.body).toBe(201);
    const code = keep("withdrawal code", await lastCode(app.db, "+6281234567802"));
    const done = await post("withdrawals", { amount: 100_000, idempotency_key: "log-secrets-tarik", signature_id: asked.json().data.signature_id, code });
    expect(done.statusCode, done.body).toBeLessThan(300);
    // An owner's own account id is no secret: it stays in the log, so requests can still be followed.
    expect(logged).toContain(`"url":"/app_api/v1/accounts/${account}/withdrawals"`);
  });

  it("upload: the presigned policy, its signature and the upload's id; an anonymous flow progress id", async () => {
    const budi = await sessionFor(app.db, "budi@pinjaman.test");
    const presign = await app.inject({
      method: "POST",
      url: "/app_api/v1/field_uploads/presign_upload",
      headers: budi.headers,
      payload: { data: { filename: "ktp.jpg", content_type: "image/jpeg", size: JPEG_1PX.length } },
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const policy = presign.json().data as { url: string; id: string; fields: Record<string, string> };
    for (const [name, value] of Object.entries(policy.fields)) if (value.length >= 16) keep(`upload field ${name}`, value);
    keep("upload id", policy.id);
    const form = multipartForm(policy.fields, { data: JPEG_1PX, type: "image/jpeg", filename: "ktp.jpg" });
    expect((await app.inject({ method: "POST", url: policy.url, headers: { ...form.headers, "x-locale": "id" }, payload: form.payload })).statusCode).toBe(204);

    const started = await app.inject({ method: "POST", url: "/pub_api/v1/open/flows/spl_onboarding/flow_progresses", payload: { data: {} } });
    expect(started.statusCode, started.body).toBe(201);
    const progress = keep("anonymous flow progress", started.json().data.id);
    expect((await app.inject({ method: "GET", url: `/app_api/v1/flow_progresses/${progress}/edit` })).statusCode).toBe(200);
    expect(logged).toContain('"url":"/app_api/v1/flow_progresses/:id/edit"');
  });

  it("company services: a new API key in the header and in tkb.php's query", async () => {
    const admin = await sessionFor(app.db, "admin@pinjaman.test");
    const created = await app.inject({ method: "POST", url: "/app_api/v1/staff/api_keys", headers: { ...admin.headers }, payload: { data: { name: "Mitra log", scopes: ["tkb", "customer_list"] } } });
    expect(created.statusCode, created.body).toBe(201);
    const key = keep("API key", created.json().data.key);
    expect((await app.inject({ method: "GET", url: `/tkb.php?key=${key}` })).statusCode).toBeLessThan(500);
    expect((await app.inject({ method: "POST", url: "/customerlist_v2.php", headers: { "x-api-key": key }, payload: {} })).statusCode).toBe(200);
  });

  it("leaves every one of them out of every line", () => {
    expect(secrets.size).toBeGreaterThanOrEqual(10);
    expect(logged.match(/"msg":"incoming request"/g)?.length).toBeGreaterThanOrEqual(15);
    const found = [...secrets].filter(([, value]) => logged.includes(value)).map(([name]) => name);
    expect(found).toEqual([]);
  });
});

describe("loggablePagePath", () => {
  const show = loggablePagePath(PAGE_PATTERNS);

  it("shows a page with parameters by its pattern, keeps pages without and paths no page has", () => {
    expect(show("/reset-password/abc")).toBe("/reset-password/:token");
    expect(show("/reset-password")).toBe("/reset-password");
    expect(show("/leads/xyz.data")).toBe("/leads/:id.data");
    expect(show("/leads/invalid")).toBe("/leads/invalid");
    expect(show("/purchase/p-1")).toBe("/purchase/:id");
    expect(show("/back-office/customers/c-1")).toBe("/back-office/customers/:id");
    expect(show("/profile")).toBe("/profile");
    expect(show("/no/such/page")).toBe("/no/such/page");
  });
});
