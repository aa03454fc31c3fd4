/**
 * The server-side start of a session (spec section 4): the HttpOnly `client` cookie holds JSON
 * {token, expires_at, authentication_id}; present and unexpired, it restores the session. What
 * reaches the page is only whether it is signed in, until when, and by which authentication:
 * never the token.
 */

export const SESSION_COOKIE = "client";

export type ServerSession = {
  authenticated: boolean;
  /** Epoch milliseconds. */
  expiresAt: number | null;
  authenticationId: string | null;
};

export const NO_SESSION: ServerSession = { authenticated: false, expiresAt: null, authenticationId: null };

/** One cookie's raw value from a Cookie header; undefined when absent. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    return raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  }
  return undefined;
}

type CookieShape = { token?: unknown; expires_at?: unknown; authentication_id?: unknown };

/** The token a Cookie header's session carries, when well formed and unexpired (server use only). */
export function sessionTokenFromCookieHeader(header: string | null | undefined, now: number = Date.now()): string | null {
  return sessionFromCookieHeader(header, now).authenticated ? (readCookie(header)?.token as string) : null;
}

function readCookie(header: string | null | undefined): CookieShape | null {
  const raw = cookieValue(header, SESSION_COOKIE);
  if (raw === undefined || raw === "") return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    return typeof parsed === "object" && parsed !== null ? (parsed as CookieShape) : null;
  } catch {
    return null;
  }
}

/** The session a Cookie header carries: authenticated only when well formed and unexpired. */
export function sessionFromCookieHeader(header: string | null | undefined, now: number = Date.now()): ServerSession {
  const value = readCookie(header);
  if (!value) return NO_SESSION;
  const { token, expires_at: expiresAt, authentication_id: authenticationId } = value;
  if (typeof token !== "string" || token === "") return NO_SESSION;
  if (typeof expiresAt !== "number" || !Number.isFinite(expiresAt) || expiresAt <= now) return NO_SESSION;
  if (typeof authenticationId !== "string" || authenticationId === "") return NO_SESSION;
  return { authenticated: true, expiresAt, authenticationId };
}
