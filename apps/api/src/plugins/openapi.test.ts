import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../../test/harness.ts";
import { sessionFor } from "../modules/identity/test-sessions.ts";
import { needsSession } from "./access.ts";
import { operationIdOf, securityOf } from "./openapi.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const REDOCLY = join(ROOT, "node_modules/@redocly/cli/bin/cli.js");

type Parameter = { in: string; name: string; required?: boolean; schema: { type?: string; enum?: unknown[] } };
type Response = { content?: Record<string, unknown>; headers?: Record<string, { schema: { type: string } }> };
type Operation = { operationId?: string; security?: Record<string, string[]>[]; parameters?: Parameter[]; responses: Record<string, Response> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };
type LintProblem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

/** Redocly's lint of a document with the repository's redocly.yaml (the recommended ruleset). */
async function lint(document: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), "pinjaman-openapi-"));
  try {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document));
    const args = [REDOCLY, "lint", file, "--config", join(ROOT, "redocly.yaml"), "--format", "json", "--max-problems", "10000"];
    // Problems make the CLI exit 1; its JSON report on stdout says which.
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        if (!error.stdout) throw new Error(`redocly lint did not run: ${error.stderr ?? String(error)}`);
        return { stdout: error.stdout };
      },
    );
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const describeProblems = (problems: LintProblem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(", ")}`);

describe("the OpenAPI document (/docs/json) as a contract", () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await testApp();
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Document;
  });
  afterAll(() => t.close());

  it("passes Redocly's recommended ruleset with zero errors and zero warnings", async () => {
    expect(describeProblems(await lint(doc))).toEqual([]);
  }, 60_000);

  it("would fail the lint without what the access rules add (the check can fail)", async () => {
    const stripped = structuredClone(doc);
    for (const ops of Object.values(stripped.paths)) {
      for (const op of Object.values(ops)) {
        delete op.security;
        delete op.operationId;
      }
    }
    const rules = new Set((await lint(stripped)).map((p) => p.ruleId));
    expect(rules).toContain("security-defined");
    expect(rules).toContain("operation-operationId");
  }, 60_000);

  it("is OpenAPI 3.0 with the 45 API paths and one unique operationId per operation", () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(45);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === "string" && /^[A-Za-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares the ways to call: X-Authorization, the client cookie, the company key (header, or query on tkb.php)", () => {
    expect(doc.components.securitySchemes).toEqual({
      sessionToken: expect.objectContaining({ type: "apiKey", in: "header", name: "X-Authorization" }),
      sessionCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "client" }),
      companyKey: expect.objectContaining({ type: "apiKey", in: "header", name: "X-Api-Key" }),
      companyKeyQuery: expect.objectContaining({ type: "apiKey", in: "query", name: "key" }),
      partnerKey: expect.objectContaining({ type: "apiKey", in: "header", name: "X-Api-Key" }),
    });
  });

  it("gives every operation the security and operationId of its route's access rule", () => {
    const mismatches = t.app.accessRules.flatMap(({ method, url, access }) => {
      const op = doc.paths[url.replace(/:([A-Za-z_]+)/g, "{$1}")]?.[method.toLowerCase()];
      if (!op) return [`${method} ${url}: not in the document`];
      const wrong: string[] = [];
      if (JSON.stringify(op.security) !== JSON.stringify(securityOf(access, url))) wrong.push(`${method} ${url}: security ${JSON.stringify(op.security)}`);
      if (op.operationId !== operationIdOf(method, url)) wrong.push(`${method} ${url}: operationId ${op.operationId}`);
      if ((needsSession(access) || access.kind === "company") && !op.responses["401"]) wrong.push(`${method} ${url}: no 401`);
      if (access.kind === "company" && !op.responses["403"]) wrong.push(`${method} ${url}: no 403`);
      return wrong;
    });
    expect(mismatches).toEqual([]);
  });

  /** Every operation with its method and path. */
  const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
  const header = (op: Operation, name: string) => op.parameters?.find((p) => p.in === "header" && p.name === name);

  it("documents X-Locale (required) on every write to app_api and authy_api, X-Role wherever a session is read, X-Client where a session is issued", () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operations()) {
      const write = ["post", "put", "patch", "delete"].includes(method) && /^\/(app|authy)_api\//.test(path);
      if (write !== (header(op, "X-Locale")?.required === true)) wrong.push(`${method} ${path}: X-Locale ${JSON.stringify(header(op, "X-Locale"))}`);
      const readsSession = op.security?.some((requirement) => "sessionToken" in requirement) ?? false;
      if (readsSession !== (header(op, "X-Role") !== undefined)) wrong.push(`${method} ${path}: X-Role`);
      if (header(op, "X-Role") && !op.responses["403"]) wrong.push(`${method} ${path}: X-Role without 403`);
    }
    expect(wrong).toEqual([]);
    const natives = operations().filter(({ op }) => header(op, "X-Client")).map(({ method, path }) => `${method} ${path}`);
    expect(natives.sort()).toEqual([
      "patch /app_api/v1/flow_progresses/{id}/move/{movementId}",
      "patch /authy_api/v1/authentications/{id}/code",
      "post /authy_api/v1/authentication_methods/{method}/authentications",
    ]);
    expect(header(doc.paths["/authy_api/v1/authentications/{id}/code"]!.patch!, "X-Client")?.schema.enum).toEqual(["native"]);
  });

  it("lists the authentication methods as enums: emailpass to log in, emailpass_reset to reset, sms or email to sign", () => {
    const method = (path: string) => doc.paths[path]?.post?.parameters?.find((p) => p.in === "path" && p.name === "method")?.schema.enum;
    expect(method("/authy_api/v1/authentication_methods/{method}/authentications")).toEqual(["emailpass"]);
    expect(method("/authy_api/v1/authentication_methods/{method}/password_resets")).toEqual(["emailpass_reset"]);
    expect(method("/authy_api/v1/authentication_methods/{method}/password_resets/resolve")).toEqual(["emailpass_reset"]);
    expect(method("/authy_api/v1/authentication_methods/{method}/signatures")).toEqual(["sms", "email"]);
  });

  it("has null among the values of every nullable enum (risk_grade, parked_reason, …)", () => {
    const nullableEnums: { at: string; values: unknown[] }[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== "object" || node === null) return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable === true && Array.isArray(schema.enum)) nullableEnums.push({ at, values: schema.enum });
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(doc, "");
    expect(nullableEnums.filter((e) => e.at.endsWith("/risk_grade")).length).toBeGreaterThan(0);
    expect(nullableEnums.filter((e) => e.at.endsWith("/parked_reason")).length).toBeGreaterThan(0);
    expect(nullableEnums.filter((e) => !e.values.includes(null)).map((e) => e.at)).toEqual([]);
  });

  it("documents 204 answers without a body", () => {
    const noContent = operations().filter(({ op }) => op.responses["204"]);
    expect(noContent.map(({ method, path }) => `${method} ${path}`)).toContain("delete /authy_api/sessions/{id}");
    expect(noContent.filter(({ op }) => op.responses["204"]!.content !== undefined).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it("documents 415 in the error envelope wherever a request can carry a body, and the server answers it", async () => {
    const missing = operations().filter(({ method, op }) => ["post", "put", "patch", "delete", "options"].includes(method) && !op.responses["415"]?.content);
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const xml = { "content-type": "application/xml", "x-locale": "id" };
    const refused = await t.app.inject({ method: "POST", url: "/pub_api/v1/open/products/spl/default_offer/schedule", headers: xml, payload: "<data/>" });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.code).toBe("unsupported_media_type");
    const session = await sessionFor(t.database.db, "budi@pinjaman.test");
    const logout = await t.app.inject({ method: "DELETE", url: `/authy_api/sessions/${session.sessionId}`, headers: { ...xml, ...session.headers }, payload: "<data/>" });
    expect(logout.statusCode).toBe(415);
  });

  it("documents Set-Cookie on the answers that set cookies (login, code, refresh, logout) and Retry-After on every 429", () => {
    const setCookie = (path: string, method: string, status: string) => doc.paths[path]?.[method]?.responses[status]?.headers?.["Set-Cookie"];
    expect(setCookie("/authy_api/v1/authentication_methods/{method}/authentications", "post", "201")).toBeDefined();
    expect(setCookie("/authy_api/v1/authentication_methods/{method}/authentications", "post", "202")).toBeDefined();
    expect(setCookie("/authy_api/v1/authentications/{id}/code", "patch", "201")).toBeDefined();
    expect(setCookie("/authy_api/sessions/{id}", "patch", "200")).toBeDefined();
    expect(setCookie("/authy_api/sessions/{id}", "delete", "204")).toBeDefined();
    const tooMany = operations().filter(({ op }) => op.responses["429"]);
    expect(tooMany.length).toBeGreaterThanOrEqual(8);
    expect(tooMany.filter(({ op }) => op.responses["429"]!.headers?.["Retry-After"]?.schema.type !== "integer").map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it("documents a session-only call as needing a session, a public one as open, tkb.php as keyed", () => {
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op("/app_api/v1/profile", "get")?.security).toEqual([{ sessionToken: [] }, { sessionCookie: [] }]);
    expect(op("/app_api/v1/flow_progresses/{id}/edit", "get")?.security).toEqual([{}, { sessionToken: [] }, { sessionCookie: [] }]);
    expect(op("/pub_api/v1/open/support_requests", "post")?.security).toEqual([]);
    expect(op("/tkb.php", "get")?.security).toEqual([{ companyKey: [] }, { companyKeyQuery: [] }]);
    for (const path of ["/v1/details", "/customerlist_v2.php", "/customerdetail.php", "/api/users/lender-dashboard"]) {
      expect(op(path, "post")?.security, path).toEqual([{ companyKey: [] }]);
    }
    expect(op("/app_api/v1/flow_progresses/{id}/move/{movementId}", "patch")?.operationId).toBe("appPatchFlowProgressesMove");
  });
});
