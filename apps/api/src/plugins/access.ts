import type { ApiKeyScope } from "@pinjaman/db/api-key-schema";
import type { StaffPermission } from "@pinjaman/domain/staff";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";

/** Resources a customer owns, named by the id a route takes (the access sweep has a factory for each). */
export type OwnedResource =
  | "flow_progress"
  | "loan_account"
  | "investment_account"
  | "investment"
  | "account_application"
  | "field_upload"
  | "signature"
  | "device"
  | "session";

export type OwnedId = {
  in: "params" | "body" | "querystring";
  /** The field's name; inside a body a dotted path, e.g. "data.file_id". */
  name: string;
  resource: OwnedResource;
};

/** Who may call a route: written as data beside it, in the route's `config.access`. */
export type AccessRule =
  /** Anyone, no session needed (pub_api, health). */
  | { kind: "public" }
  /**
   * A company service (decision 0023): an unrevoked API key with this scope in the X-Api-Key
   * header, or, only where the spec puts it (`queryKey`, tkb.php), in the `key` query parameter.
   */
  | { kind: "company"; scope: ApiKeyScope; queryKey?: true }
  /** Needs a session; acts only on the caller's own data and takes no foreign id. */
  | { kind: "signed_in" }
  /** Needs a session; each listed id must be the caller's, else 404. */
  | { kind: "owner"; ids: OwnedId[] }
  /**
   * No session needed; an id that has a customer is reachable only by that customer (404
   * otherwise), one without a customer by anyone holding it (public flow progresses).
   */
  | { kind: "public_or_owner"; ids: OwnedId[] }
  /** Staff whose roles grant this permission (decision 0026); a customer or other staff: 403. */
  | { kind: "staff"; permission: StaffPermission }
  /** Registered only in sandbox mode, no session needed. */
  | { kind: "sandbox" };

/** One route's rule as collected at registration. */
export type RegisteredAccessRule = { method: string; url: string; access: AccessRule };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyInstance {
    /** Every API route's rule, in registration order (one entry per method). */
    accessRules: RegisteredAccessRule[];
  }
}

/** The company services' paths (spec section 7). */
export const COMPANY_PATHS = ["/tkb.php", "/v1/details", "/customerlist_v2.php", "/customerdetail.php", "/api/users/lender-dashboard"];

/** Paths whose every route must declare its rule: the APIs, company services and health. */
export const RULED_PATHS = ["/app_api/", "/authy_api/", "/pub_api/", ...COMPANY_PATHS, "/healthz", "/readyz"];

export function isRuledPath(url: string): boolean {
  return RULED_PATHS.some((p) => (p.endsWith("/") ? url.startsWith(p) : url === p));
}

/** Whether a rule answers 401 to a request without a session. */
export function needsSession(rule: AccessRule): boolean {
  return rule.kind === "signed_in" || rule.kind === "owner" || rule.kind === "staff";
}

export class MissingAccessRule extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} declares no config.access rule (see apps/api/src/plugins/access.ts)`);
  }
}

/**
 * Collects `{ method, url, access }` of every route into `app.accessRules`, and refuses (throws,
 * so buildApp fails) an API route registered without a rule. Enforcement is in the auth plugin.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate("accessRules", [] as RegisteredAccessRule[]);
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
    if (methods.length === 0) return; // the HEAD twin of a GET route, which carries its rule
    const access = route.config?.access;
    if (!access) {
      if (isRuledPath(route.url)) throw new MissingAccessRule(methods.join(","), route.url);
      return;
    }
    for (const method of methods) app.accessRules.push({ method, url: route.url, access });
  });
});
