import { isRouteErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isRegistrationInProgress, writeRegistrationState } from "../shell/registration.ts";
import { guardRoute, MIDDLEWARE, UNKNOWN_MIDDLEWARE } from "./route-guards.ts";
import { NO_SESSION, type ServerSession } from "./session-cookie.ts";

const SIGNED_IN: ServerSession = { authenticated: true, expiresAt: Date.now() + 3_600_000, authenticationId: "a" };

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

/** What a guard threw: a redirect Response or a route error (data()). */
async function outcome(work: Promise<void>): Promise<{ redirect?: string; status?: number; statusText?: string } | "passed"> {
  try {
    await work;
    return "passed";
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("Location") ?? undefined, status: thrown.status };
    const init = (thrown as { init?: ResponseInit }).init;
    if (init) return { status: init.status, statusText: init.statusText };
    if (isRouteErrorResponse(thrown)) return { status: thrown.status, statusText: thrown.statusText };
    throw thrown;
  }
}

describe("route middleware", () => {
  it("auth: no valid session → /login; signed in passes", async () => {
    expect(await outcome(guardRoute({ middleware: ["auth"] }, { session: NO_SESSION }))).toEqual({ redirect: "/login", status: 302 });
    expect(await outcome(guardRoute({ middleware: ["auth"] }, { session: SIGNED_IN }))).toBe("passed");
  });

  it("guest: a valid session → /profile; visitors pass", async () => {
    expect(await outcome(guardRoute({ middleware: ["guest"] }, { session: SIGNED_IN }))).toEqual({ redirect: "/profile", status: 302 });
    expect(await outcome(guardRoute({ middleware: ["guest"] }, { session: NO_SESSION }))).toBe("passed");
  });

  it("registration: not in a registration → index", async () => {
    const guard = () => guardRoute({ middleware: ["registration"] }, { session: NO_SESSION, registrationInProgress: isRegistrationInProgress() });
    expect(await outcome(guard())).toEqual({ redirect: "/", status: 302 });
    writeRegistrationState({ registration: { flow: "spl_onboarding" }, flowProgressId: null });
    expect(await outcome(guard())).toBe("passed");
    expect(await outcome(guardRoute({ middleware: ["registration"] }, { session: SIGNED_IN }))).toEqual({ redirect: "/", status: 302 });
  });

  it(`an unknown middleware is 500 "${UNKNOWN_MIDDLEWARE}"`, async () => {
    expect(await outcome(guardRoute({ middleware: ["auth", "admin"] }, { session: SIGNED_IN }))).toEqual({
      status: 500,
      statusText: "Unknown middleware",
    });
    // Names are looked up as own keys only.
    expect(await outcome(guardRoute({ middleware: ["toString"] }, { session: SIGNED_IN }))).toMatchObject({ status: 500 });
  });

  it("a failing middleware or validator is 404", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const registry = { ...MIDDLEWARE, fails: () => false, crashes: () => { throw new Error("boom"); } };
    expect(await outcome(guardRoute({ middleware: ["fails"] }, { session: NO_SESSION }, registry))).toMatchObject({ status: 404 });
    expect(await outcome(guardRoute({ middleware: ["crashes"] }, { session: NO_SESSION }, registry))).toMatchObject({ status: 404 });
    expect(await outcome(guardRoute({ validate: () => false }, { session: NO_SESSION }))).toMatchObject({ status: 404 });
    expect(await outcome(guardRoute({ validate: async () => { throw new Error("x"); } }, { session: NO_SESSION }))).toMatchObject({ status: 404 });
    expect(await outcome(guardRoute({ validate: async () => true }, { session: NO_SESSION }))).toBe("passed");
  });

  it("runs middleware before the validator", async () => {
    const validate = vi.fn(() => true);
    expect(await outcome(guardRoute({ middleware: ["auth"], validate }, { session: NO_SESSION }))).toMatchObject({ redirect: "/login" });
    expect(validate).not.toHaveBeenCalled();
  });
});
