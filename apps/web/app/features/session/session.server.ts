import type { SiteServices } from "@pinjaman/contracts/site";
import { NO_SESSION, SESSION_COOKIE, cookieValue, sessionTokenFromCookieHeader, type ServerSession } from "./session-cookie.ts";

/**
 * The session of a page request (route loaders, SSR and data requests): the `client` cookie's
 * token, confirmed live by the server — a revoked or replaced session counts as none, whatever
 * the cookie's own expiry says.
 */
export async function sessionFromRequest(request: Request, services: SiteServices, now: number = Date.now()): Promise<ServerSession> {
  const token = sessionTokenFromCookieHeader(request.headers.get("cookie"), now);
  const live = token ? await services.activeSession(token) : null;
  return live ? { authenticated: true, expiresAt: live.expiresAt, authenticationId: live.authenticationId } : NO_SESSION;
}

/** Whether the request still carries a `client` cookie (live or not). */
export function hasSessionCookie(request: Request): boolean {
  return Boolean(cookieValue(request.headers.get("cookie"), SESSION_COOKIE));
}

/**
 * A Set-Cookie that drops the `client` cookie. Used by the login page when the browser reports
 * its session invalid: the cookie is HttpOnly, so only a response can remove it, and a revoked
 * session whose cookie still looks unexpired would otherwise bounce between /login (guest guard)
 * and /profile forever. Attributes match the API's (plugins/auth.ts) so the browser replaces it.
 */
export function clearSessionCookieHeader(request: Request): string {
  const secure = new URL(request.url).protocol === "https:";
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
