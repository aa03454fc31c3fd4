import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { errorBody } from "@pinjaman/contracts/errors";
import { NATIVE_CLIENT_HEADER } from "@pinjaman/contracts/auth";
import type { FastifyContextConfig, FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { GUARDED_PREFIXES } from "./auth.ts";
import { needsSession, type AccessRule } from "./access.ts";

/**
 * The OpenAPI document as a contract (served at /docs/json, linted with Redocly's recommended
 * rules in openapi.test.ts): each operation's security, operationId and refusals are derived
 * from its route and access rule, so a route added later is described the same way.
 */

/** How a caller proves who it is: the ways the API reads. */
export const SECURITY_SCHEMES = {
  sessionToken: {
    type: "apiKey",
    in: "header",
    name: "X-Authorization",
    description:
      "A session token (native clients; a `Bearer ` prefix is accepted). A client without a cookie jar sends `X-Client: native` (and `X-Locale`) when it logs in, enters the code or finishes a flow's account step: the 201/200 answer then carries `session.token`. `PATCH /authy_api/sessions/{id}` authorised by this header answers the rotated token. A browser never gets the token (decision 0006).",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "client",
    description: "The browser's session cookie (set by authy_api). Writes authorised by it must also send an `X-Locale` header.",
  },
  companyKey: {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "A company API key given to a partner (`npm run api-key`), scoped to the company services it may call.",
  },
  partnerKey: {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "A partner's API key (`pjp_…`, issued on the back-office partners page): opens the partner API for that partner's own leads and purchases.",
  },
  companyKeyQuery: {
    type: "apiKey",
    in: "query",
    name: "key",
    description: "A company API key in the query string: accepted only by `GET /tkb.php`, as the spec has it.",
  },
} as const;

/** What a route's answers do to cookies, declared beside the route for the document (`config.setCookie`). */
export type CookieEffect = "session" | "session_cleared" | "device_key";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Cookies set by the answers of each status: documented as their `Set-Cookie` header. */
    setCookie?: Partial<Record<number, readonly CookieEffect[]>>;
  }
}

const COOKIE_TEXT: Record<CookieEffect, string> = {
  session: "`client`: the session (token, expires_at, authentication_id as JSON); HttpOnly, SameSite=Lax, Path=/, Secure unless served over http",
  session_cleared: "`client` emptied and expired: the session cookie is dropped",
  device_key: "`device_key`, when the browser had none: the device a second factor confirms; HttpOnly, SameSite=Lax, Path=/authy_api, one year",
};

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

const SESSION: SecurityRequirement[] = [{ sessionToken: [] }, { sessionCookie: [] }];

function isGuarded(url: string): boolean {
  return GUARDED_PREFIXES.some((p) => url.startsWith(p));
}

/** Who may call, as OpenAPI security: none, an optional session, a session, or the company key. */
export function securityOf(rule: AccessRule, url: string): SecurityRequirement[] {
  if (needsSession(rule)) return SESSION;
  if (rule.kind === "partner") return [{ partnerKey: [] }];
  if (rule.kind === "company") return rule.queryKey ? [{ companyKey: [] }, { companyKeyQuery: [] }] : [{ companyKey: [] }];
  // The route reads a session when there is one (ownership, a login replacing a session): optional.
  if (rule.kind === "public_or_owner" || isGuarded(url)) return [{}, ...SESSION];
  return [];
}

/** Whether the route reads a session when one is sent (and so checks X-Role). */
function readsSession(rule: AccessRule, url: string): boolean {
  return securityOf(rule, url).some((requirement) => "sessionToken" in requirement);
}

/** Path prefixes naming an API family (the rest of the path names the operation). */
const FAMILIES: [prefix: string, family: string][] = [
  ["/app_api/v1/", "app"],
  ["/authy_api/v1/", "authy"],
  ["/authy_api/", "authy"],
  ["/pub_api/v1/open/", "pub"],
  ["/partner_api/v1/", "partner"],
  ["/", ""],
];

const camel = (words: string[]) => words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join("");

/**
 * A stable operationId from the method and path: family, verb, then the path's literal segments
 * (`PATCH /app_api/v1/flow_progresses/:id/move/:movementId` → `appPatchFlowProgressesMove`).
 * A route may declare its own `schema.operationId` instead.
 */
export function operationIdOf(method: string, url: string): string {
  const [prefix, family] = FAMILIES.find(([p]) => url.startsWith(p)) ?? ["/", ""];
  const words = url
    .slice(prefix.length)
    .split("/")
    .filter((segment) => segment !== "" && !segment.startsWith(":"))
    .flatMap((segment) => segment.replace(/\.[a-z]+$/, "").split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return camel([...(family ? [family] : []), method.toLowerCase(), ...words]);
}

/** Methods whose request may carry a body (Fastify's): one of a type the route cannot parse is 415. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Writes: without X-Authorization they must carry X-Locale on app_api and authy_api (plugins/auth.ts). */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Refusals every such route can answer, documented with the one error envelope. */
function refusalsOf(rule: AccessRule, method: string, url: string, response: Record<string, unknown>): Record<string, unknown> {
  const added: Record<string, unknown> = { ...response };
  if (needsSession(rule)) added[401] ??= errorBody; // no or an expired session
  // X-Locale missing, a foreign X-Role (wherever a session is read), a permission the staff member lacks.
  if (isGuarded(url) || rule.kind === "staff" || readsSession(rule, url)) added[403] ??= errorBody;
  if (rule.kind === "company") {
    added[401] ??= errorBody; // no, an unknown or a revoked key
    added[403] ??= errorBody; // a key without the route's scope
  }
  // Any route refuses a malformed request line (a bad percent-encoding) with 400.
  if (!Object.keys(added).some((status) => status.startsWith("4"))) added[400] = errorBody;
  if (BODY_METHODS.has(method)) added[415] ??= errorBody; // a body of a type the route does not read
  return added;
}

/**
 * A form upload reads its parts itself (no body schema to validate), so the document would lose
 * its request body: it is described as a multipart form whose fields the summary names, and the
 * bad-input sweep finds the multipart routes by it.
 */
const MULTIPART_FORM = z.record(z.string(), z.unknown()).describe("multipart/form-data: the fields the summary names, the file last");

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };
type JsonSchema = Record<string, unknown>;

/**
 * The request headers a route reads besides its credentials (plugins/auth.ts): X-Locale on a
 * write to app_api or authy_api, X-Role wherever a session is read, X-Client where a session is issued.
 */
function headersOf(rule: AccessRule, method: string, url: string, issuesSession: boolean): JsonSchema | null {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (isGuarded(url) && UNSAFE_METHODS.has(method)) {
    properties["X-Locale"] = {
      type: "string",
      example: "id",
      description: "The client's language (`id`). Required on every write here not authorised by X-Authorization (a browser's cookie, or no session yet, as on a login): without it 403 `locale_header_required`.",
    };
    required.push("X-Locale");
  }
  if (readsSession(rule, url)) {
    properties["X-Role"] = {
      type: "string",
      format: "uuid",
      description: "The role the caller acts in (one of `customer_roles` of GET /app_api/v1/my/identity); another customer's role is 403 `forbidden_role`. Without it, all of the caller's roles.",
    };
  }
  if (issuesSession) {
    properties[NATIVE_CLIENT_HEADER] = {
      type: "string",
      enum: ["native"],
      description: "`native` from a client without a cookie jar: the answer that issues a session carries its token (`session.token`), to send as X-Authorization.",
    };
  }
  return Object.keys(properties).length ? { type: "object", properties, required } : null;
}

/** Response headers the platform sends: Retry-After on every 429, Set-Cookie where the route declares it. */
function withResponseHeaders(response: Record<string, JsonSchema>, setCookie: FastifyContextConfig["setCookie"]): void {
  for (const [status, schema] of Object.entries(response)) {
    const headers: Record<string, JsonSchema> = {};
    if (status === "429") headers["Retry-After"] = { type: "integer", minimum: 1, description: "Seconds to wait before trying again." };
    const cookies = setCookie?.[Number(status)];
    if (cookies?.length) headers["Set-Cookie"] = { type: "string", description: cookies.map((c) => COOKIE_TEXT[c]).join("; ") };
    // 204 has no body: a `null` schema is documented without content.
    if (status === "204") response[status] = { type: "null", description: schema.description ?? "No content" };
    if (Object.keys(headers).length) response[status] = { ...response[status], headers };
  }
}

function describeOperation(input: TransformInput) {
  const { route, url } = input;
  const rule = route.config?.access;
  const schema = input.schema as FastifySchema & { hide?: boolean; operationId?: string; response?: Record<string, unknown>; consumes?: string[] };
  if (!rule || !schema || schema.hide) return jsonSchemaTransform(input);
  const form = schema.consumes?.includes("multipart/form-data") && !schema.body ? { body: MULTIPART_FORM } : {};
  const method = Array.isArray(route.method) ? route.method.find((m) => m !== "HEAD") ?? "GET" : route.method;
  const described = {
    ...schema,
    ...form,
    response: refusalsOf(rule, method, url, schema.response ?? {}),
    operationId: schema.operationId ?? operationIdOf(method, url),
    security: securityOf(rule, url),
  };
  const transformed = jsonSchemaTransform({ ...input, schema: described });
  const out = transformed.schema as { headers?: JsonSchema; response: Record<string, JsonSchema> };
  const setCookie = route.config?.setCookie;
  // A session-issuing call a client makes before it holds a token (a refresh hands the token to X-Authorization callers).
  const issuesSession = !needsSession(rule) && Object.values(setCookie ?? {}).some((effects) => effects?.includes("session"));
  const headers = headersOf(rule, method, url, issuesSession);
  if (headers) out.headers = headers;
  withResponseHeaders(out.response, setCookie);
  return transformed;
}

/**
 * OpenAPI 3.0 has no null type: a nullable union comes out of zod as `anyOf` beside
 * `nullable: true` and no `type`, which 3.0.3 ignores. Each branch carries `nullable` instead.
 * A nullable enum lists `null` among its values, or a validating client refuses the server's
 * `null` (`risk_grade: null`).
 */
function nullableInBranches(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableInBranches(item);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const schema = node as Record<string, unknown>;
  const branches = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    delete schema.nullable;
    for (const branch of branches) if (branch.$ref === undefined) branch.nullable = true;
  }
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  for (const value of Object.values(schema)) nullableInBranches(value);
}

/** `publicOrigin` is the site's: the terms that govern using the API are its terms and conditions. */
export function openapiOptions(publicOrigin: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: "Pinjaman API",
        version: "2.2.4",
        description: "Calls of the Pinjaman platform",
        license: { name: "Proprietary: the platform's terms and conditions", url: `${publicOrigin}/terms-and-conditions` },
      },
      servers: [{ url: "/" }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeOperation as FastifyDynamicSwaggerOptions["transform"],
    transformObject: (document) => {
      if (!("openapiObject" in document)) throw new Error("the API is described as OpenAPI 3, not Swagger 2");
      nullableInBranches(document.openapiObject.paths);
      nullableInBranches(document.openapiObject.components?.schemas);
      return document.openapiObject;
    },
  };
}
