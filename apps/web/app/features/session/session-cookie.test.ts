import { describe, expect, it } from "vitest";
import { cookieValue, NO_SESSION, sessionFromCookieHeader } from "./session-cookie.ts";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const AUTH_ID = "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10";

function cookie(value: unknown, raw = false) {
  const json = raw ? String(value) : JSON.stringify(value);
  return `other=1; client=${encodeURIComponent(json)}; theme=dark`;
}

describe("sessionFromCookieHeader (server-side session start)", () => {
  it("restores an unexpired session without exposing the token", () => {
    const session = sessionFromCookieHeader(cookie({ token: "secret", expires_at: NOW + 60_000, authentication_id: AUTH_ID }), NOW);
    expect(session).toEqual({ authenticated: true, expiresAt: NOW + 60_000, authenticationId: AUTH_ID });
    expect(JSON.stringify(session)).not.toContain("secret");
  });

  it("treats an expired cookie as no session", () => {
    expect(sessionFromCookieHeader(cookie({ token: "t", expires_at: NOW, authentication_id: AUTH_ID }), NOW)).toEqual(NO_SESSION);
    expect(sessionFromCookieHeader(cookie({ token: "t", expires_at: NOW - 1, authentication_id: AUTH_ID }), NOW)).toEqual(NO_SESSION);
  });

  it.each([
    ["no header", null],
    ["no client cookie", "other=1"],
    ["not JSON", cookie("{oops", true)],
    ["JSON null", cookie(null)],
    ["no token", cookie({ expires_at: NOW + 1000, authentication_id: AUTH_ID })],
    ["expiry not a number", cookie({ token: "t", expires_at: "tomorrow", authentication_id: AUTH_ID })],
    ["no authentication id", cookie({ token: "t", expires_at: NOW + 1000 })],
  ])("%s → not authenticated", (_case, header) => {
    expect(sessionFromCookieHeader(header, NOW)).toEqual(NO_SESSION);
  });

  it("reads a cookie value by exact name, unquoting it", () => {
    expect(cookieValue('a=1; client="x"; clients=2', "client")).toBe("x");
    expect(cookieValue("xclient=1", "client")).toBeUndefined();
  });
});
