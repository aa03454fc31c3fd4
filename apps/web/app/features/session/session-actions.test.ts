import type { Device } from "@pinjaman/contracts/identity";
import { minutesToMs } from "@pinjaman/domain/timings";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { CUSTOMER_ID_KEY, ROLE_ID_KEY } from "./role-choice.ts";
import { createSessionActions, IDENTITY_URL, LOGIN_AFTER_INVALID_SESSION } from "./session-actions.ts";
import { createSessionStore } from "./session-store.ts";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const AUTH_ID = "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10";
const SESSION_ID = "0b6f7c3e-1f5e-4d0a-8a8e-2b5c7d9e1f20";
const CUSTOMER_ID = "5d1a3c2b-9e8f-4a7b-8c6d-1e2f3a4b5c6d";
const PRIMARY = { id: "11111111-1111-4111-8111-111111111111", type_key: "primary" as const };
const MODIFIER = { id: "22222222-2222-4222-8222-222222222222", type_key: "modifier" as const };
const SESSION = { id: SESSION_ID, expires_at: NOW + minutesToMs(60), authentication_id: AUTH_ID };
const IDENTITY = { id: CUSTOMER_ID, name: "Sari", email: "sari@pinjaman.test", customer_roles: [PRIMARY, MODIFIER], session: SESSION };

type Call = { url: string; method: string; body: unknown };
type Route = (call: Call) => unknown;

function device(id: string, deactivated_at: string | null): Device {
  return {
    id,
    identifier: CUSTOMER_ID,
    type_key: "mobile",
    token: "t",
    token_type: "firebase",
    operating_system: "web",
    deactivated_at,
    created_at: "2026-11-01T00:00:00Z",
  };
}

/** A fake API: answers by "METHOD url"; a thrown value fails the call. */
function fakeApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const api = async <T,>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const call = { url, method, body: init.body };
    calls.push(call);
    const route = routes[`${method} ${url}`];
    if (!route) throw new ApiError("not found", 404);
    return route(call) as T;
  };
  return { api, calls };
}

function setup(routes: Record<string, Route>, options: { pushToken?: () => Promise<string>; userAgent?: string } = {}) {
  const navigate = vi.fn();
  const store = createSessionStore({ navigate });
  const { api, calls } = fakeApi(routes);
  const actions = createSessionActions({
    store,
    api,
    storage: () => ({ session: window.sessionStorage, local: window.localStorage }),
    pushToken: options.pushToken ?? (async () => "push-token"),
    userAgent: () => options.userAgent ?? "Mozilla/5.0 (Linux; Android 14; Pixel 8)",
  });
  return { store, actions, calls, navigate };
}

const identityOk = { [`GET ${IDENTITY_URL}`]: () => ({ data: IDENTITY }) };
const devicesNone = {
  "POST /app_api/v1/devices/search": () => ({ data: [] }),
  "POST /app_api/v1/devices": (call: Call) => ({ data: { ...device("new", null), ...(call.body as { data: object }).data } }),
};

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(NOW);
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("refresh", () => {
  it('fails "not authenticated" without an authentication id', async () => {
    const { actions, calls } = setup({});
    await expect(actions.refreshSession()).rejects.toThrow(new Error("not authenticated"));
    expect(calls).toEqual([]);
  });

  it("PATCHes sessions/{id}, commits the renewed session and schedules the next refresh", async () => {
    const renewed = { ...SESSION, expires_at: NOW + minutesToMs(120) };
    const { store, actions, calls } = setup({ ...identityOk, [`PATCH /authy_api/sessions/${SESSION_ID}`]: () => ({ data: renewed }) });
    store.commit(SESSION);
    await actions.refreshSession();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${IDENTITY_URL}`, `PATCH /authy_api/sessions/${SESSION_ID}`]);
    expect(store.getState()).toMatchObject({ expiresAt: renewed.expires_at, invalidSession: false, valid: true });
    expect(store.timers()).toEqual({ refresh: true, expiry: true });
  });

  it("adopts the session another tab already renewed instead of rotating it again", async () => {
    const renewed = { ...SESSION, expires_at: NOW + minutesToMs(120) };
    const { store, actions, calls } = setup({ [`GET ${IDENTITY_URL}`]: () => ({ data: { ...IDENTITY, session: renewed } }) });
    store.commit(SESSION);
    await actions.refreshSession();
    expect(calls.map((c) => c.method)).toEqual(["GET"]);
    expect(store.getState()).toMatchObject({ expiresAt: renewed.expires_at, valid: true });
  });

  it("a failed refresh marks the session invalid, logs out and goes to /login", async () => {
    const { store, actions, calls, navigate } = setup({
      ...identityOk,
      [`PATCH /authy_api/sessions/${SESSION_ID}`]: () => {
        throw new ApiError("Sesi tidak valid", 401);
      },
      [`DELETE /authy_api/sessions/${SESSION_ID}`]: () => undefined,
    });
    store.commit(SESSION);
    const states: boolean[] = [];
    store.subscribe(() => states.push(store.getState().invalidSession));
    await actions.refreshSession();
    expect(states).toContain(true);
    expect(store.getState()).toMatchObject({ invalidSession: true, authenticationId: null, valid: false });
    expect(calls.map((c) => c.method)).toEqual(["GET", "PATCH", "DELETE"]);
    expect(navigate).toHaveBeenCalledWith(LOGIN_AFTER_INVALID_SESSION);
    expect(LOGIN_AFTER_INVALID_SESSION.startsWith("/login")).toBe(true);
  });

  it("a session that is gone (identity refused) is invalid too", async () => {
    const { store, actions, navigate } = setup({
      [`GET ${IDENTITY_URL}`]: () => {
        throw new ApiError("Silakan masuk", 401);
      },
    });
    store.commit(SESSION);
    await actions.refreshSession();
    expect(store.getState().invalidSession).toBe(true);
    expect(navigate).toHaveBeenCalledWith(LOGIN_AFTER_INVALID_SESSION);
  });
});

describe("session check (identity load)", () => {
  it("an identity failure marks the session invalid → logout → /login", async () => {
    const { store, actions, navigate } = setup({
      [`GET ${IDENTITY_URL}`]: () => {
        throw new ApiError("Silakan masuk", 401);
      },
    });
    store.start({ authenticated: true, expiresAt: SESSION.expires_at, authenticationId: AUTH_ID });
    expect(await actions.checkSession()).toBe(false);
    expect(store.getState()).toMatchObject({ invalidSession: true, valid: false });
    expect(navigate).toHaveBeenCalledWith(LOGIN_AFTER_INVALID_SESSION);
  });

  it("loads name and roles, picks the modifier role, saves role and customer ids, registers the device", async () => {
    const { store, actions, calls } = setup({ ...identityOk, ...devicesNone });
    store.start({ authenticated: true, expiresAt: SESSION.expires_at, authenticationId: AUTH_ID });
    expect(await actions.checkSession()).toBe(true);
    await settle();
    expect(store.getState()).toMatchObject({
      identityLoaded: true,
      name: "Sari",
      customerId: CUSTOMER_ID,
      sessionId: SESSION_ID,
      roleId: MODIFIER.id,
      tokenFirebase: "push-token",
    });
    expect(window.sessionStorage.getItem(ROLE_ID_KEY)).toBe(MODIFIER.id);
    expect(window.localStorage.getItem(ROLE_ID_KEY)).toBe(MODIFIER.id);
    expect(window.localStorage.getItem(CUSTOMER_ID_KEY)).toBe(CUSTOMER_ID);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${IDENTITY_URL}`,
      "POST /app_api/v1/devices/search",
      "POST /app_api/v1/devices",
    ]);
    expect(calls[1]!.body).toEqual({ filters: [{ field: "identifier", op: "contains", value: CUSTOMER_ID }] });
    expect(calls[2]!.body).toEqual({
      data: { identifier: CUSTOMER_ID, type_key: "mobile", token: "push-token", token_type: "firebase", operating_system: "android" },
    });
  });

  it("keeps the role saved in this tab over the one in localStorage", async () => {
    window.sessionStorage.setItem(ROLE_ID_KEY, PRIMARY.id);
    window.localStorage.setItem(ROLE_ID_KEY, MODIFIER.id);
    const { store, actions } = setup({ ...identityOk, ...devicesNone });
    await actions.loadIdentity();
    expect(store.getState().roleId).toBe(PRIMARY.id);
    expect(window.localStorage.getItem(ROLE_ID_KEY)).toBe(PRIMARY.id);
  });

  it("with devices found, deactivates the first active one, then creates", async () => {
    const { actions, calls } = setup({
      ...identityOk,
      "POST /app_api/v1/devices/search": () => ({ data: [device("old", "2026-11-02T00:00:00Z"), device("a1", null), device("a2", null)] }),
      "PATCH /app_api/v1/devices/a1/deactivate": () => ({ data: device("a1", "2026-11-22T10:00:00Z") }),
      "POST /app_api/v1/devices": () => ({ data: device("new", null) }),
    });
    await actions.loadIdentity();
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`).slice(1)).toEqual([
      "POST /app_api/v1/devices/search",
      "PATCH /app_api/v1/devices/a1/deactivate",
      "POST /app_api/v1/devices",
    ]);
  });

  it("a push-token failure is ignored: no device calls, the session stays", async () => {
    const { store, actions, calls } = setup(identityOk, {
      pushToken: async () => {
        throw new Error("messaging blocked");
      },
    });
    expect(await actions.checkSession()).toBe(true);
    await settle();
    expect(calls).toHaveLength(1);
    expect(store.getState()).toMatchObject({ identityLoaded: true, invalidSession: false, tokenFirebase: null });
  });

  it("a failing device call is ignored too", async () => {
    const { store, actions } = setup({ ...identityOk, "POST /app_api/v1/devices/search": () => Promise.reject(new ApiError("x", 500)) });
    expect(await actions.checkSession()).toBe(true);
    await settle();
    expect(store.getState().invalidSession).toBe(false);
  });

  it("concurrent checks share one identity request", async () => {
    const { actions, calls } = setup({ ...identityOk, ...devicesNone });
    await Promise.all([actions.checkSession(), actions.checkSession(), actions.ensureIdentity()]);
    expect(calls.filter((c) => c.url === IDENTITY_URL)).toHaveLength(1);
    await actions.ensureIdentity();
    expect(calls.filter((c) => c.url === IDENTITY_URL)).toHaveLength(1);
  });
});

describe("login, role switch and logout", () => {
  it('login without the cookie\'s session fails "Session cookie not found" and calls nothing', async () => {
    const { actions, calls } = setup(identityOk);
    await expect(actions.login(undefined)).rejects.toThrow("Session cookie not found");
    expect(calls).toEqual([]);
  });

  it("login commits the session and loads the identity", async () => {
    const { store, actions } = setup({ ...identityOk, ...devicesNone });
    expect(await actions.login(SESSION)).toBe(true);
    expect(store.getState()).toMatchObject({ valid: true, name: "Sari", sessionId: SESSION_ID });
  });

  it("the role switch saves the choice to both storages and to X-Role", async () => {
    const { store, actions } = setup({ ...identityOk, ...devicesNone });
    await actions.loadIdentity();
    actions.selectRole(PRIMARY.id);
    expect(store.requestHeaders()).toEqual({ "X-Role": PRIMARY.id });
    expect(window.sessionStorage.getItem(ROLE_ID_KEY)).toBe(PRIMARY.id);
    expect(window.localStorage.getItem(ROLE_ID_KEY)).toBe(PRIMARY.id);
    actions.selectRole("not-mine");
    expect(store.getState().roleId).toBe(PRIMARY.id);
  });

  it("logout DELETEs the session, clears state and timers, resets registration, goes to the index", async () => {
    const { store, actions, calls, navigate } = setup({ ...identityOk, ...devicesNone, [`DELETE /authy_api/sessions/${SESSION_ID}`]: () => undefined });
    const reset = vi.fn();
    store.onReset(reset);
    await actions.login(SESSION);
    reset.mockClear();
    await actions.logout();
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", url: `/authy_api/sessions/${SESSION_ID}` });
    expect(reset).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ valid: false, sessionId: null, roleId: null, name: null });
    expect(store.timers()).toEqual({ refresh: false, expiry: false });
    expect(navigate).toHaveBeenCalledWith("/");
  });

  it("errors on logout are ignored", async () => {
    const { store, actions, navigate } = setup({
      [`DELETE /authy_api/sessions/${SESSION_ID}`]: () => {
        throw new ApiError("down", 503);
      },
    });
    store.commit(SESSION);
    await actions.logout();
    expect(store.getState().valid).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/");
  });
});
