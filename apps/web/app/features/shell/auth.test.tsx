import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_SESSION, type ServerSession } from "../session/session-cookie.ts";
import type { sessionStore as SessionStoreSingleton } from "../session/session-store.ts";
import type { useSessionStart as UseSessionStart } from "../session/session-start.ts";
import type { Navbar as NavbarComponent } from "./navbar.tsx";
import { SHELL_FIXTURE } from "./test-fixtures.ts";

// Each test is a fresh page load: fresh modules, so the session store has not started.
let sessionStore: typeof SessionStoreSingleton;
let useSessionStart: typeof UseSessionStart;
let Navbar: typeof NavbarComponent;

const AUTH_ID = "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10";
const SESSION_ID = "0b6f7c3e-1f5e-4d0a-8a8e-2b5c7d9e1f20";

/** The root as the app has it: loader data with the server's session, the client start, the navbar. */
function renderApp(server: ServerSession, { start = true, path = "/" } = {}) {
  const Frame = () => (
    <>
      <Navbar shell={SHELL_FIXTURE} variant="default" />
      <Outlet />
    </>
  );
  function StartedRoot() {
    useSessionStart(server, Date.now());
    return <Frame />;
  }
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: start ? StartedRoot : Frame,
      loader: () => ({ shell: SHELL_FIXTURE, nonce: "n", session: server, serverTime: Date.now() }),
      HydrateFallback: () => null,
      children: [
        { index: true, Component: () => <h1>Beranda</h1> },
        { path: "profile", Component: () => <h1>Profil</h1> },
        { path: "login", Component: () => <h1>Login</h1> },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

beforeEach(async () => {
  vi.resetModules();
  ({ sessionStore } = await import("../session/session-store.ts"));
  ({ useSessionStart } = await import("../session/session-start.ts"));
  ({ Navbar } = await import("./navbar.tsx"));
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("navbar sign-in state", () => {
  it("before the client start it shows what the server read from the cookie", async () => {
    renderApp({ authenticated: true, expiresAt: Date.now() + 3_600_000, authenticationId: AUTH_ID }, { start: false });
    expect(await screen.findByRole("button", { name: "Keluar" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Pinjaman/ }).getAttribute("href")).toBe("/profile");
  });

  it("a visitor sees Masuk; the client start stores the affiliate code of ?a=", async () => {
    window.history.replaceState(null, "", "/?a=cGFydG5lci0xMjM=");
    renderApp(NO_SESSION);
    expect(await screen.findByRole("link", { name: "Masuk" })).toBeTruthy();
    await waitFor(() => expect(sessionStore.getState().started).toBe(true));
    expect(sessionStore.getState().affiliate).toBe("partner-123");
    expect(window.localStorage.getItem("affiliate")).toBe("partner-123");
    window.history.replaceState(null, "", "/");
  });

  it("Keluar deletes the session, clears the state and goes to the index", async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/app_api/v1/my/identity") {
        return new Response(
          JSON.stringify({
            data: {
              id: "c1",
              name: "Budi",
              email: "budi@pinjaman.test",
              customer_roles: [{ id: "11111111-1111-4111-8111-111111111111", type_key: "primary" }],
              session: { id: SESSION_ID, expires_at: Date.now() + 3_600_000, authentication_id: AUTH_ID },
            },
          }),
          { status: 200 },
        );
      }
      if (url === `/authy_api/sessions/${SESSION_ID}` && init?.method === "DELETE") return new Response(null, { status: 204 });
      return new Response(JSON.stringify({ data: [] }), { status: 200 });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderApp({ authenticated: true, expiresAt: Date.now() + 3_600_000, authenticationId: AUTH_ID }, { path: "/profile" });
    await waitFor(() => expect(sessionStore.getState().name).toBe("Budi"));
    // The identity call carried no role; later calls carry the chosen one.
    const identityInit = fetchMock.mock.calls.find(([url]) => url === "/app_api/v1/my/identity")![1]!;
    expect((identityInit.headers as Record<string, string>)["X-Role"]).toBeUndefined();
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Keluar" }));
    });
    await screen.findByRole("heading", { name: "Beranda" });
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE")!;
    expect(deleteCall[0]).toBe(`/authy_api/sessions/${SESSION_ID}`);
    expect((deleteCall[1]!.headers as Record<string, string>)["X-Role"]).toBe("11111111-1111-4111-8111-111111111111");
    expect(screen.getByRole("link", { name: "Masuk" })).toBeTruthy();
    expect(sessionStore.getState()).toMatchObject({ valid: false, sessionId: null, name: null });
  });
});
