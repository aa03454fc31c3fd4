import { errorBody } from "@pinjaman/contracts/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_SCOPES } from "@pinjaman/db/api-key-schema";
import { STAFF_ROLE_PERMISSIONS } from "@pinjaman/domain/staff";
import { SANDBOX_COMPANY_API_KEY } from "../../src/config.ts";
import { createApiKey, revokeApiKey } from "../../src/modules/company/api-keys.ts";
import { partnerSweepCalls } from "./partner-access.ts";
import { sessionFor, type TestSession } from "../../src/modules/identity/test-sessions.ts";
import type { OwnedId, RegisteredAccessRule } from "../../src/plugins/access.ts";
import { SESSION_API_PREFIXES } from "../../src/plugins/no-store.ts";
import { testApp, type TestApp } from "../harness.ts";
import { documentOperations, pathsOf, sampleOf, withValueAt, type Operation } from "./openapi-operations.ts";
import { OWNED_RESOURCE_FACTORIES, type Owned } from "./owned-resources.ts";

/**
 * The access-control sweep (issue 7): every route's rule (`config.access`, collected in
 * app.accessRules) is checked by calling it. An id owned by customer A, sent by customer B or
 * by nobody: 404 in the envelope, none of A's data, never 5xx. Operator routes refuse customers.
 * Company services refuse no key, a revoked key, a customer's session and a key without their
 * scope, and serve the sandbox key (every scope).
 */
const OWNER = "budi@pinjaman.test";
const OTHER = "sari@pinjaman.test";
/** Values for path parameters that are not owned ids, so the call gets as far as the id check. */
const OTHER_PARAMS: Record<string, string> = { key: "change_payment_channel", flowKey: "application_cancellation", movementId: "next" };

/** Valid values for body fields a sample would get wrong, so the call reaches the id check. */
const VALID_FIELDS: Record<string, unknown> = { code: "123456", content_type: "image/jpeg", size: 1000, filename: "ktp.jpg" };

let t: TestApp;
let owner: TestSession;
let other: TestSession;
let operator: TestSession;
let admin: TestSession;

function operationOf(operations: Operation[], rule: RegisteredAccessRule): Operation | undefined {
  const path = rule.url.replace(/:(\w+)/g, "{$1}");
  return operations.find((op) => op.method === rule.method && op.path === path);
}

type Call = { label: string; method: string; url: string; headers: Record<string, string>; payload?: string; contentType?: string };

/** The rule's operation with every listed id set to the owner's resource. */
function callWith(rule: RegisteredAccessRule, op: Operation | undefined, ids: OwnedId[], owned: Map<OwnedId, Owned>): Omit<Call, "label" | "headers"> {
  let url = rule.url;
  let query = "";
  let body: unknown = op?.body ? sampleOf(op.body) : undefined;
  for (const path of pathsOf(body)) {
    const name = String(path[path.length - 1]);
    if (name in VALID_FIELDS) body = withValueAt(body, path, VALID_FIELDS[name]);
  }
  const form: Record<string, string> = {};
  for (const id of ids) {
    const value = owned.get(id)!.id;
    if (id.in === "params") url = url.replace(`:${id.name}`, value);
    else if (id.in === "querystring") query += `${query ? "&" : "?"}${id.name}=${value}`;
    else if (op?.multipart) form[id.name] = value;
    else body = withValueAt(body ?? {}, id.name.split("."), value);
  }
  url = url.replace(/:(\w+)/g, (_, name: string) => OTHER_PARAMS[name] ?? "x");
  if (op?.multipart) {
    const boundary = "accessSweep";
    const parts = Object.entries(form).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.ogg"\r\ncontent-type: audio/ogg\r\n\r\nOggS-sweep\r\n`);
    return { method: rule.method, url: url + query, payload: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  return { method: rule.method, url: url + query, ...(body !== undefined ? { payload: JSON.stringify(body), contentType: "application/json" } : {}) };
}

describe("access-control sweep over app.accessRules", () => {
  beforeAll(async () => {
    t = await testApp();
    owner = await sessionFor(t.app.db, OWNER);
    other = await sessionFor(t.app.db, OTHER);
    operator = await sessionFor(t.app.db, "operator@pinjaman.test");
    admin = await sessionFor(t.app.db, "admin@pinjaman.test");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("every operation of the document has a rule, and every owned resource a factory", () => {
    const operations = documentOperations(t.app);
    const ruled = new Set(t.app.accessRules.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`));
    expect(operations.map((op) => `${op.method} ${op.path}`).filter((o) => !ruled.has(o))).toEqual([]);
    const named = t.app.accessRules.flatMap((r) => ("ids" in r.access ? r.access.ids.map((i) => i.resource) : []));
    expect([...new Set(named)].filter((resource) => !(resource in OWNED_RESOURCE_FACTORIES))).toEqual([]);
  });

  it("refuses another customer's ids with 404 and none of their data, and customers and unpermitted staff on staff routes", { timeout: 300_000 }, async () => {
    const operations = documentOperations(t.app);
    const failures: string[] = [];
    let requests = 0;
    const check = async (call: Call, allowed: number[]) => {
      requests++;
      const res = await t.app.inject({
        method: call.method as "GET",
        url: call.url,
        headers: { ...call.headers, ...(call.contentType ? { "content-type": call.contentType } : {}) },
        ...(call.payload !== undefined ? { payload: call.payload } : {}),
      });
      const problems: string[] = [];
      if (!allowed.includes(res.statusCode)) problems.push(`status ${res.statusCode}, expected ${allowed.join("/")}`);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        /* reported below */
      }
      if (!errorBody.strict().safeParse(parsed).success) problems.push("answer outside the error envelope");
      if (SESSION_API_PREFIXES.some((prefix) => call.url.startsWith(prefix)) && !String(res.headers["cache-control"] ?? "").includes("no-store")) problems.push("no Cache-Control: no-store");
      return { res, problems };
    };

    for (const rule of t.app.accessRules) {
      const op = operationOf(operations, rule);
      const access = rule.access;
      if (access.kind === "staff") {
        const callers: [string, Record<string, string>, number[]][] = [
          ["a customer", { ...owner.headers, "x-locale": "id" }, [403]],
          ["nobody", { "x-locale": "id" }, [401]],
        ];
        // An operator is refused what only an admin may do (decision 0026).
        if (!STAFF_ROLE_PERMISSIONS.operator.includes(access.permission)) callers.push(["an operator", { ...operator.headers, "x-locale": "id" }, [403]]);
        for (const [who, headers, allowed] of callers) {
          const call = { label: who, headers, ...callWith(rule, op, [], new Map()) };
          const { res, problems } = await check(call, allowed);
          if (problems.length) failures.push(`${rule.method} ${rule.url} as ${who}: ${problems.join("; ")} — ${res.body.slice(0, 200)}`);
        }
        // A staff member holding the permission is let through (whatever the made-up ids then answer).
        requests++;
        const call = callWith(rule, op, [], new Map());
        const served = await t.app.inject({ method: call.method as "GET", url: call.url, headers: { ...admin.headers, "x-locale": "id", ...(call.contentType ? { "content-type": call.contentType } : {}) }, ...(call.payload !== undefined ? { payload: call.payload } : {}) });
        if (served.statusCode === 401 || served.statusCode === 403 || served.statusCode >= 500) failures.push(`${rule.method} ${rule.url} as an admin: ${served.statusCode} ${served.body.slice(0, 200)}`);
        continue;
      }
      if (access.kind === "company") {
        const base = callWith(rule, op, [], new Map());
        const { key: otherScopes } = await createApiKey(t.app.db, { name: "sweep: other scopes", scopes: API_KEY_SCOPES.filter((s) => s !== access.scope) });
        const { key: revoked } = await createApiKey(t.app.db, { name: "sweep: revoked", scopes: [...API_KEY_SCOPES] });
        await revokeApiKey(t.app.db, revoked.slice(0, 12));
        const callers: [string, Record<string, string>, number[]][] = [
          ["nobody", {}, [401]],
          ["a customer's session", { ...owner.headers, "x-locale": "id" }, [401]],
          ["a revoked key", { "x-api-key": revoked }, [401]],
          ["a key without the scope", { "x-api-key": otherScopes }, [403]],
        ];
        for (const [who, headers, allowed] of callers) {
          const { res, problems } = await check({ label: who, headers, ...base }, allowed);
          if (problems.length) failures.push(`${rule.method} ${rule.url} as ${who}: ${problems.join("; ")} — ${res.body.slice(0, 200)}`);
        }
        requests++;
        const served = await t.app.inject({ method: base.method as "GET", url: base.url, headers: { "x-api-key": SANDBOX_COMPANY_API_KEY, ...(base.contentType ? { "content-type": base.contentType } : {}) }, ...(base.payload !== undefined ? { payload: base.payload } : {}) });
        if (served.statusCode === 401 || served.statusCode === 403 || served.statusCode >= 500) failures.push(`${rule.method} ${rule.url} with the sandbox key: ${served.statusCode} ${served.body.slice(0, 200)}`);
        continue;
      }
      if (access.kind === "partner") {
        // Partner routes: no key, a customer's session, a company key and a revoked partner key are
        // 401; another partner's key on this partner's lead or purchase is 404 (partner-access.ts).
        for (const call of await partnerSweepCalls(t.app, rule, callWith(rule, op, [], new Map()), owner.headers)) {
          if (call.served) {
            requests++;
            const res = await t.app.inject({ method: call.method as "GET", url: call.url, headers: { ...call.headers, ...(call.contentType ? { "content-type": call.contentType } : {}) }, ...(call.payload !== undefined ? { payload: call.payload } : {}) });
            if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode === 404 || res.statusCode >= 500) failures.push(`${rule.method} ${call.url} as ${call.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          const { res, problems } = await check(call, call.allowed);
          const leaked = call.secrets.filter((s) => res.body.includes(s));
          if (leaked.length) problems.push(`answer holds the partner's ${leaked.join(", ")}`);
          if (problems.length) failures.push(`${rule.method} ${call.url} as ${call.label}: ${problems.join("; ")} — ${res.body.slice(0, 200)}`);
        }
        continue;
      }
      if (access.kind !== "owner" && access.kind !== "public_or_owner") continue;
      const owned = new Map<OwnedId, Owned>();
      for (const id of access.ids) {
        const factory = OWNED_RESOURCE_FACTORIES[id.resource];
        if (!factory) {
          failures.push(`${rule.method} ${rule.url}: no fixture factory for ${id.resource}`);
          continue;
        }
        owned.set(id, await factory(t.app, owner));
      }
      if (owned.size !== access.ids.length) continue;
      const base = callWith(rule, op, access.ids, owned);
      const callers: [string, Record<string, string>, number[]][] = [
        ["another customer", { ...other.headers, "x-locale": "id" }, [404]],
        // Without a session an owner route stops at 401; a public one must not serve a customer's id.
        ["nobody", { "x-locale": "id" }, access.kind === "owner" ? [401, 404] : [404]],
      ];
      for (const [who, headers, allowed] of callers) {
        const { res, problems } = await check({ label: who, headers, ...base }, allowed);
        // An id in a body may be refused as a field ("not found", 422): fine when a made-up id gets
        // the very same answer, so the refusal tells nothing about the owner's resource.
        if (problems.length && access.ids.every((id) => id.in === "body")) {
          const unknown = new Map([...owned].map(([id]) => [id, { id: "00000000-0000-4000-8000-00000000abcd", secrets: [] }]));
          const { res: control } = await check({ label: who, headers, ...callWith(rule, op, access.ids, unknown) }, allowed);
          if (control.statusCode === res.statusCode && control.statusCode < 500 && control.body === res.body) problems.length = 0;
        }
        const secrets = [...owned.values()].flatMap((o) => [o.id, ...o.secrets]).concat(owner.customerId, "Budi", "budi@pinjaman.test");
        const leaked = secrets.filter((s) => res.body.includes(s));
        if (leaked.length) problems.push(`answer holds the owner's ${leaked.join(", ")}`);
        if (problems.length) failures.push(`${rule.method} ${base.url} as ${who}: ${problems.join("; ")} — ${res.body.slice(0, 200)}`);
      }
    }
    console.log(`access sweep (${t.database.label}): ${requests} requests over ${t.app.accessRules.length} rules`);
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
