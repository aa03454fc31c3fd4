import { NATIVE_CLIENT_HEADER, type IssuedSessionInfo } from "@pinjaman/contracts/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/api";
import { findActiveSession, sessionInfo, type ActiveSession, type IssuedSession } from "../modules/sessions/session-service.ts";
import { hasStaffPermission } from "../modules/staff/staff-roles.ts";
import { needsSession } from "./access.ts";
import { authoriseCompanyKey } from "./company-key.ts";
import { authorisePartnerKey } from "./partner-key.ts";
import { sendError } from "./errors.ts";
import { SESSION_API_PREFIXES } from "./no-store.ts";

/** The session cookie of spec section 3: `client` holding token, expires_at, authentication_id. */
export const SESSION_COOKIE = "client";

export type Caller = ActiveSession & {
  /** The role chosen by X-Role, checked against the caller's own roles. */
  roleId: string | null;
  /** Authenticated by the browser cookie (writes then need X-Locale) rather than X-Authorization. */
  viaCookie: boolean;
};

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Session-using APIs: every write without X-Authorization must send X-Locale. */
export const GUARDED_PREFIXES = SESSION_API_PREFIXES;

type CookieValue = { token: string; expires_at: number; authentication_id: string };

export function readSessionCookie(raw: string | undefined): CookieValue | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieValue>;
    return typeof value.token === "string" ? (value as CookieValue) : null;
  } catch {
    return null;
  }
}

function bearer(header: string | string[] | undefined): string | null {
  if (typeof header !== "string" || header.length === 0) return null;
  return header.startsWith("Bearer ") ? header.slice(7) : header;
}

/** Writes the session cookie: HttpOnly, SameSite=Lax, Secure unless served over plain http. */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, session: IssuedSession): void {
  const value: CookieValue = {
    token: session.token,
    expires_at: session.expiresAt.getTime(),
    authentication_id: session.authenticationId,
  };
  reply.setCookie(SESSION_COOKIE, JSON.stringify(value), {
    httpOnly: true,
    sameSite: "lax",
    secure: !app.config.publicOrigin.startsWith("http://"),
    path: "/",
    expires: session.expiresAt,
  });
}

/**
 * A native client (no cookie jar): one authorised by X-Authorization (a refresh), or, with no
 * session yet, one that says `X-Client: native`. A call the cookie authorised is a browser's
 * whatever it claims, so page JavaScript cannot read a rotated token. Only a native client gets a
 * session token in an answer's body.
 */
export function isNativeClient(request: FastifyRequest): boolean {
  if (request.caller) return !request.caller.viaCookie;
  return request.headers[NATIVE_CLIENT_HEADER.toLowerCase()] === "native";
}

/**
 * Hands a new session to the client: always the HttpOnly cookie; the token itself in the answer
 * only to a native client, which sends it back as X-Authorization. Page JavaScript never sees it.
 * The answer is never stored by a cache.
 */
export function issueSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, session: IssuedSession): IssuedSessionInfo {
  setSessionCookie(app, reply, session);
  reply.header("cache-control", "no-store");
  const info = sessionInfo(session);
  return isNativeClient(request) ? { ...info, token: session.token } : info;
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: !app.config.publicOrigin.startsWith("http://") });
}

/**
 * Who is calling: a native client's X-Authorization token, else the browser's session cookie.
 * A cookie-authorised write must carry X-Locale (a cross-site form cannot send headers), and an
 * X-Role must be one of the caller's own roles. Everything is decided by the matched route (its
 * path pattern and its access rule), never by the request line, and before the body is read:
 * a route whose rule needs a session answers 401 without one, whatever the body.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("caller", null);

  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config.access;
    // Not an API route (the site, the docs, an unknown path): no session is read.
    if (!access) return;
    if (access.kind === "company") return authoriseCompanyKey(app.db, request, reply, access);
    if (access.kind === "partner") return authorisePartnerKey(app.db, request, reply);
    const guarded = GUARDED_PREFIXES.some((p) => request.routeOptions.url?.startsWith(p));
    // Public calls outside app_api and authy_api never act for a customer: no session is read.
    if (!guarded && (access.kind === "public" || access.kind === "sandbox")) return;
    const headerToken = bearer(request.headers["x-authorization"]);
    const lacksLocale = UNSAFE.has(request.method) && !headerToken && !request.headers["x-locale"];
    if (lacksLocale && guarded) return sendError(reply, 403, "locale_header_required", t("api.locale_header_required"));
    // Elsewhere a cookie write without X-Locale is served as anonymous: the cookie is not used.
    const cookie = headerToken || lacksLocale ? null : readSessionCookie(request.cookies[SESSION_COOKIE]);
    const viaCookie = cookie !== null;
    const token = headerToken ?? cookie?.token;
    const session = token ? await findActiveSession(app.db, token) : null;
    if (session) {
      const roleHeader = request.headers["x-role"];
      const roleId = typeof roleHeader === "string" && roleHeader.length > 0 ? roleHeader : null;
      if (roleId && !session.roleIds.includes(roleId)) {
        return sendError(reply, 403, "forbidden_role", t("api.forbidden_role"));
      }
      request.caller = { ...session, roleId, viaCookie };
    }
    if (!needsSession(access)) return;
    if (!request.caller) return sendError(reply, 401, "not_authenticated", t("api.not_authenticated"));
    if (access.kind === "staff" && !(await hasStaffPermission(app.db, request.caller, access.permission))) {
      return sendError(reply, 403, "forbidden_role", t("api.forbidden_permission"));
    }
  });
});
