import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { SHELL_FIXTURE } from "../features/shell/test-fixtures.ts";
import { loader as forgotLoader } from "./forgot-password.tsx";
import { loader as loginLoader } from "./login.tsx";
import { loader as profileLoader } from "./profile.tsx";
import { loader as passwordLinkLoader } from "./password-link.tsx";
import { loader as outboxLoader } from "./sandbox-outbox.tsx";
import { loader as backOfficeLoader } from "./back-office.tsx";

const TOKEN = "Qm9uZ2thaC1yZXNldC10b2tlbi0xMjM0NTY3ODkw";
const SIGNED_IN = `client=${encodeURIComponent(
  JSON.stringify({ token: "t", expires_at: Date.now() + 3_600_000, authentication_id: "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10" }),
)}`;
// A well-formed, unexpired cookie whose session the server no longer honours (revoked, replaced).
const REVOKED = `client=${encodeURIComponent(
  JSON.stringify({ token: "revoked", expires_at: Date.now() + 3_600_000, authentication_id: "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10" }),
)}`;
// A live session of a staff member (token "staff") and of a customer (token "t").
const STAFF_SIGNED_IN = SIGNED_IN.replace("%22t%22", "%22staff%22");
const STAFF = { id: "9b2f1c1f-7d8e-4c53-9a34-0d3c8f7f2a11", name: "Dewi Operator", email: "operator@pinjaman.test", roles: ["operator"], permissions: ["applications.review"] };
const EXPIRED = `client=${encodeURIComponent(JSON.stringify({ token: "t", expires_at: Date.now() - 1, authentication_id: "a" }))}`;

function request(path: string, cookie?: string) {
  return new Request(`http://127.0.0.1:3000${path}`, { headers: cookie ? { cookie } : {} });
}

function context(sandbox: boolean): AppLoadContext {
  const services = {
    shell: async () => ({ ...SHELL_FIXTURE, sandbox }),
    // The server honours only token "t".
    activeSession: async (token: string) =>
      token === "t" || token === "staff" ? { expiresAt: Date.now() + 3_600_000, authenticationId: "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10" } : null,
    staffMember: async (token: string) => (token === "staff" ? STAFF : null),
  };
  return { cspNonce: "n", services } as unknown as AppLoadContext;
}

type Args = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };
type AnyLoader = (args: never) => unknown;

async function run(loader: AnyLoader, args: Partial<Args> & { request: Request }) {
  try {
    return { value: await (loader as (a: Args) => unknown)({ params: {}, context: context(true), ...args }) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("Location"), status: thrown.status };
    const init = (thrown as { init?: ResponseInit }).init;
    return { status: init?.status, statusText: init?.statusText };
  }
}

describe("auth route loaders (server render and client navigation alike)", () => {
  it("/profile needs an unexpired session cookie", async () => {
    expect(await run(profileLoader, { request: request("/profile") })).toEqual({ redirect: "/login", status: 302 });
    expect(await run(profileLoader, { request: request("/profile", EXPIRED) })).toEqual({ redirect: "/login", status: 302 });
    expect(await run(profileLoader, { request: request("/profile", SIGNED_IN) })).toEqual({ value: null });
  });

  it.each([
    ["/login", loginLoader, {}],
    ["/forgot-password", forgotLoader, {}],
    ["/reset-password", passwordLinkLoader, {}],
    ["/generate-password/" + TOKEN, passwordLinkLoader, { token: TOKEN }],
  ] as const)("%s sends a signed-in customer to /profile", async (path, loader, params) => {
    expect(await run(loader, { request: request(path, SIGNED_IN), params })).toEqual({ redirect: "/profile", status: 302 });
    expect(await run(loader, { request: request(path), params })).toHaveProperty("value");
  });

  it("/profile refuses a cookie whose session the server no longer honours", async () => {
    expect(await run(profileLoader, { request: request("/profile", REVOKED) })).toEqual({ redirect: "/login", status: 302 });
  });

  it("/login?session=invalid cannot log out a live session: it goes to /profile", async () => {
    expect(await run(loginLoader, { request: request("/login?session=invalid", SIGNED_IN) })).toEqual({ redirect: "/profile", status: 302 });
  });

  it("/login?session=invalid drops a dead cookie instead of bouncing to /profile", async () => {
    const result = await run(loginLoader, { request: request("/login?session=invalid", REVOKED) });
    const value = (result as { value: { data: unknown; init: { headers: Record<string, string> } } }).value;
    expect(value.data).toEqual({ sessionInvalid: true });
    expect(value.init.headers["Set-Cookie"]).toMatch(/^client=; Path=\/; Max-Age=0; .*HttpOnly; SameSite=Lax$/);
  });

  it("the reset and generate pages pass their token and refuse a malformed one with 404", async () => {
    expect(await run(passwordLinkLoader, { request: request(`/reset-password/${TOKEN}`), params: { token: TOKEN } })).toEqual({ value: { token: TOKEN, mode: "reset" } });
    expect(await run(passwordLinkLoader, { request: request("/reset-password") })).toEqual({ value: { token: null, mode: "reset" } });
    expect(await run(passwordLinkLoader, { request: request(`/generate-password/${TOKEN}`), params: { token: TOKEN } })).toEqual({
      value: { token: TOKEN, mode: "generate" },
    });
    expect(await run(passwordLinkLoader, { request: request("/generate-password/x"), params: { token: "x<y" } })).toMatchObject({ status: 404 });
  });

  it("/sandbox/outbox exists only in a sandbox", async () => {
    expect(await run(outboxLoader, { request: request("/sandbox/outbox"), context: context(true) })).toEqual({ value: null });
    expect(await run(outboxLoader, { request: request("/sandbox/outbox"), context: context(false) })).toMatchObject({ status: 404 });
  });

  it("/back-office: signed out to /login, a customer gets the not-found page, staff get who they are", async () => {
    expect(await run(backOfficeLoader, { request: request("/back-office") })).toEqual({ redirect: "/login", status: 302 });
    expect(await run(backOfficeLoader, { request: request("/back-office", SIGNED_IN) })).toMatchObject({ status: 404 });
    expect(await run(backOfficeLoader, { request: request("/back-office", STAFF_SIGNED_IN) })).toEqual({ value: { staff: STAFF } });
  });
});
