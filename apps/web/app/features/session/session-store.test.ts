import { minutesToMs, SESSION_REFRESH_BEFORE_MINUTES } from "@pinjaman/domain/timings";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_SESSION } from "./session-cookie.ts";
import { createSessionStore, MIN_REFRESH_INTERVAL_MS, SESSION_ERRORS } from "./session-store.ts";

const START = Date.parse("2026-11-22T10:00:00Z");
const AUTH_ID = "6f1c1f63-7d8e-4c53-9a34-0d3c8f7f2a10";
const SESSION_ID = "0b6f7c3e-1f5e-4d0a-8a8e-2b5c7d9e1f20";
const HOUR = minutesToMs(60);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const onRefreshDue = vi.fn();
  const navigate = vi.fn();
  const store = createSessionStore({ onRefreshDue, navigate });
  return { store, onRefreshDue, navigate };
}

describe("session store", () => {
  it("uses the spec's constants: refresh 10 minutes before expiry, minutes × 60 000", () => {
    expect(SESSION_REFRESH_BEFORE_MINUTES).toBe(10);
    expect(minutesToMs(10)).toBe(600_000);
  });

  it("schedules the refresh at expiresAt − 10 min, and not a moment earlier", () => {
    const { store, onRefreshDue } = setup();
    store.commit({ id: SESSION_ID, expires_at: START + HOUR, authentication_id: AUTH_ID });
    expect(store.getState()).toMatchObject({ sessionId: SESSION_ID, authenticationId: AUTH_ID, expiresAt: START + HOUR, valid: true });
    vi.advanceTimersByTime(HOUR - minutesToMs(10) - 1);
    expect(onRefreshDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onRefreshDue).toHaveBeenCalledOnce();
  });

  it("a new commit (after a refresh) replaces the schedule", () => {
    const { store, onRefreshDue } = setup();
    store.commit({ id: SESSION_ID, expires_at: START + HOUR, authentication_id: AUTH_ID });
    vi.advanceTimersByTime(minutesToMs(50));
    expect(onRefreshDue).toHaveBeenCalledOnce();
    store.commit({ id: SESSION_ID, expires_at: START + minutesToMs(110), authentication_id: AUTH_ID });
    vi.advanceTimersByTime(minutesToMs(49));
    expect(onRefreshDue).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(minutesToMs(1));
    expect(onRefreshDue).toHaveBeenCalledTimes(2);
  });

  it("refreshes at once when less than 10 minutes are left", () => {
    const { store, onRefreshDue } = setup();
    store.commit({ expires_at: START + minutesToMs(5), authentication_id: AUTH_ID });
    vi.advanceTimersByTime(0);
    expect(onRefreshDue).toHaveBeenCalledOnce();
  });

  it("never refreshes in a loop: a refresh that brings an almost-expired session waits 30 s", () => {
    const { store, onRefreshDue } = setup();
    store.commit({ expires_at: START + minutesToMs(5), authentication_id: AUTH_ID });
    vi.advanceTimersByTime(0);
    expect(onRefreshDue).toHaveBeenCalledOnce();
    store.commit({ expires_at: START + minutesToMs(6), authentication_id: AUTH_ID });
    vi.advanceTimersByTime(MIN_REFRESH_INTERVAL_MS - 1);
    expect(onRefreshDue).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(onRefreshDue).toHaveBeenCalledTimes(2);
  });

  it("measures expiry on the server's clock when this browser's is off", () => {
    const { store, onRefreshDue } = setup();
    // The phone is two hours ahead: the server's expiry would look long past.
    vi.setSystemTime(START + minutesToMs(120));
    store.setClockOffset(-minutesToMs(120));
    store.commit({ expires_at: START + HOUR, authentication_id: AUTH_ID });
    expect(store.isValid()).toBe(true);
    expect(store.minutesToExpiry()).toBe(60);
    vi.advanceTimersByTime(minutesToMs(50));
    expect(onRefreshDue).toHaveBeenCalledOnce();
  });

  it("at full expiry the expiry timer does nothing but the session stops being valid", () => {
    const { store, navigate } = setup();
    store.commit({ id: SESSION_ID, expires_at: START + HOUR, authentication_id: AUTH_ID });
    const listener = vi.fn();
    store.subscribe(listener);
    vi.advanceTimersByTime(HOUR);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ authenticationId: AUTH_ID, sessionId: SESSION_ID, invalidSession: false, valid: false });
    expect(store.isValid()).toBe(false);
    expect(store.timers()).toEqual({ refresh: false, expiry: false });
  });

  it("is valid while minutes to expiry are above 0", () => {
    const { store } = setup();
    expect(store.isValid()).toBe(false);
    store.commit({ expires_at: START + 30_000, authentication_id: AUTH_ID });
    expect(store.minutesToExpiry()).toBe(0.5);
    expect(store.isValid()).toBe(true);
    vi.setSystemTime(START + 30_000);
    expect(store.minutesToExpiry()).toBe(0);
    expect(store.isValid()).toBe(false);
  });

  it(`commit fails "${SESSION_ERRORS.expired}" when the session has expired`, () => {
    const { store } = setup();
    expect(() => store.commit({ expires_at: START, authentication_id: AUTH_ID })).toThrow(new Error("Session expired"));
    expect(() => store.commit({ expires_at: START - 1, authentication_id: AUTH_ID })).toThrow("Session expired");
    expect(store.getState().authenticationId).toBeNull();
  });

  it(`login fails "${SESSION_ERRORS.cookieNotFound}" without the session cookie`, () => {
    const { store } = setup();
    expect(() => store.login(undefined)).toThrow(new Error("Session cookie not found"));
    expect(() => store.login(null)).toThrow("Session cookie not found");
  });

  it("login resets profile and registration state, then commits", () => {
    const { store } = setup();
    const reset = vi.fn();
    store.onReset(reset);
    store.setIdentity({ id: "c1", name: "Old", email: "old@x.test", customer_roles: [] }, null);
    store.login({ id: SESSION_ID, expires_at: START + HOUR, authentication_id: AUTH_ID });
    expect(reset).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ name: null, customerId: null, identityLoaded: false, sessionId: SESSION_ID, valid: true });
  });

  it("starts from the server's reading of the cookie, once", () => {
    const { store, onRefreshDue } = setup();
    expect(store.start({ authenticated: true, expiresAt: START + HOUR, authenticationId: AUTH_ID }, "partner")).toBe(true);
    expect(store.getState()).toMatchObject({ started: true, valid: true, affiliate: "partner", locale: "id" });
    expect(store.start(NO_SESSION)).toBe(false);
    expect(store.getState().valid).toBe(true);
    vi.advanceTimersByTime(minutesToMs(50));
    expect(onRefreshDue).toHaveBeenCalledOnce();
  });

  it("keeps roles keyed by role id and sends the chosen one as X-Role", () => {
    const { store } = setup();
    expect(store.requestHeaders()).toEqual({});
    store.setIdentity(
      {
        id: "cust",
        name: "Sari",
        email: "sari@pinjaman.test",
        customer_roles: [
          { id: "r1", type_key: "primary" },
          { id: "r2", type_key: "modifier" },
        ],
        session: { id: SESSION_ID, expires_at: START + HOUR, authentication_id: AUTH_ID },
      },
      "r2",
    );
    expect(store.getState().roles).toEqual({ r1: { id: "r1", type_key: "primary" }, r2: { id: "r2", type_key: "modifier" } });
    expect(store.requestHeaders()).toEqual({ "X-Role": "r2" });
    store.setRole("r1");
    expect(store.requestHeaders()).toEqual({ "X-Role": "r1" });
    store.setRole("someone-elses");
    expect(store.getState().roleId).toBe("r1");
  });

  it("clear drops session, identity and timers and runs the resets", () => {
    const { store, onRefreshDue } = setup();
    const reset = vi.fn();
    store.onReset(reset);
    store.commit({ id: SESSION_ID, expires_at: START + HOUR, authentication_id: AUTH_ID });
    store.clear();
    expect(reset).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ sessionId: null, authenticationId: null, expiresAt: null, roleId: null, valid: false });
    expect(store.timers()).toEqual({ refresh: false, expiry: false });
    vi.advanceTimersByTime(HOUR);
    expect(onRefreshDue).not.toHaveBeenCalled();
  });
});
