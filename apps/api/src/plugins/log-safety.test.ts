import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig, testDatabase } from "../../test/harness.ts";
import { buildApp } from "../app.ts";
import { SANDBOX_COMPANY_API_KEY as COMPANY_KEY } from "../config.ts";
import { loggableUrl } from "./log-safety.ts";

const EMAIL = "rahasia.pelanggan@contoh.co.id";
const PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA";

let app: FastifyInstance;
let close: () => Promise<void>;
let logged = "";

beforeAll(async () => {
  const database = await testDatabase();
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => (logged += chunk.toString()));
  app = await buildApp({
    db: database.db,
    config: testConfig({ LOG_LEVEL: "info" }),
    logStream: stream,
  });
  // A query that fails with personal data among its parameters, as a failing service call would.
  app.post("/pub_api/v1/open/log-safety-probe", { config: { access: { kind: "public" } } }, async () => {
    await app.db.execute(sql`select ${EMAIL}::integer, ${PASSWORD_HASH}::uuid`);
    return {};
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
});

afterAll(() => close());

const lines = () =>
  logged
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown> & { req?: { url: string }; err?: Record<string, unknown> });

describe("what the logs hold", () => {
  it("logs a request with a company key in its query string by path and parameter names only", async () => {
    const res = await app.inject({ method: "GET", url: `/tkb.php?key=${COMPANY_KEY}&lang=id` });
    expect(res.statusCode).toBe(200);
    const request = lines().find((l) => l.msg === "incoming request" && l.req?.url.startsWith("/tkb.php"));
    expect(request?.req?.url).toBe("/tkb.php?key&lang");
    expect(logged).not.toContain(COMPANY_KEY);
  });

  it("logs neither a key in the X-Api-Key header nor a refused key in a query string, whatever the route", async () => {
    const header = await app.inject({ method: "POST", url: "/customerlist_v2.php", headers: { "x-api-key": COMPANY_KEY }, payload: {} });
    expect(header.statusCode).toBe(200);
    const refused = "pjk_refusedKeyThatMustNotBeLogged";
    for (const url of [`/customerlist_v2.php?key=${refused}`, `/tkb.php?key=${refused}`]) {
      expect((await app.inject({ method: url.startsWith("/tkb") ? "GET" : "POST", url, payload: url.startsWith("/tkb") ? undefined : {} })).statusCode).toBe(401);
    }
    expect(lines().some((l) => l.req?.url === "/customerlist_v2.php?key")).toBe(true);
    for (const secret of [COMPANY_KEY, refused, COMPANY_KEY.slice(4)]) expect(logged).not.toContain(secret);
  });

  it("logs a failed query by its SQL state and statement, never its parameters", async () => {
    const res = await app.inject({ method: "POST", url: "/pub_api/v1/open/log-safety-probe?token=abc123secret", payload: { email: EMAIL } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: "internal", message: expect.any(String) } });
    const failure = lines().find((l) => l.msg === "request failed");
    expect(failure?.req).toBeUndefined();
    expect(failure?.err?.message).toMatch(/^Failed query: select \$1::integer, \$2::uuid$/);
    expect(failure?.err?.cause).toMatchObject({ code: "22P02" });
    expect(String((failure?.err?.cause as { message: string }).message)).toContain("invalid input syntax for type integer");
    expect(logged).toContain("/pub_api/v1/open/log-safety-probe?token");
    for (const secret of [EMAIL, PASSWORD_HASH, "abc123secret", "rahasia"]) expect(logged).not.toContain(secret);
  });
});

describe("loggableUrl", () => {
  it("keeps the path and the parameter names, drops every value", () => {
    expect(loggableUrl("/tkb.php")).toBe("/tkb.php");
    expect(loggableUrl("/a?key=s3cret&code=123456&flag&password=x%20y")).toBe("/a?key&code&flag&password");
    expect(loggableUrl("/a?na%6De=v&bad%=1")).toBe("/a?name&bad%");
  });
});
