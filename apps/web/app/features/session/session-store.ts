import type { SessionInfo } from "@pinjaman/contracts/auth";
import type { CustomerRole } from "@pinjaman/contracts/identity";
import { minutesToMs, SESSION_REFRESH_BEFORE_MINUTES } from "@pinjaman/domain/timings";
import { useSyncExternalStore } from "react";
import { resetRegistrationState } from "../shell/registration.ts";
import type { SessionActions } from "./session-actions.ts";
import type { ServerSession } from "./session-cookie.ts";

/**
 * The browser's session state (spec section 3), without what a page must never hold (the token
 * stays in the HttpOnly cookie) or cannot know (the client IP). This module is loaded by every
 * page, so it holds only state and timers; the calls (identity, refresh, logout, devices) live in
 * session-actions.ts, loaded once the page is signed in.
 */

/** The spec's messages (section 8), developer-facing and therefore English. */
export const SESSION_ERRORS = {
  cookieNotFound: "Session cookie not found",
  expired: "Session expired",
  notAuthenticated: "not authenticated",
} as const;

export type SessionState = {
  /** The client start has run (until then the page shows what the server rendered). */
  started: boolean;
  locale: string;
  /** The session's id (PATCH/DELETE sessions/{id}); known from the login or identity answer. */
  sessionId: string | null;
  authenticationId: string | null;
  /** Epoch milliseconds. */
  expiresAt: number | null;
  /** The push-messaging token registered for this browser. */
  tokenFirebase: string | null;
  /** The customer's roles keyed by role id. */
  roles: Readonly<Record<string, CustomerRole>>;
  roleId: string | null;
  customerId: string | null;
  name: string | null;
  email: string | null;
  affiliate: string;
  invalidSession: boolean;
  /** GET my/identity has answered for this session. */
  identityLoaded: boolean;
  /** Authenticated and minutes to expiry above 0, as of the last change or timer. */
  valid: boolean;
};

/** What commit needs: the session answer of login, identity or refresh (or the cookie's part). */
export type CommitInput = Pick<SessionInfo, "expires_at" | "authentication_id"> & { id?: string };

export type IdentityInput = {
  id: string;
  name: string;
  email: string;
  customer_roles: readonly CustomerRole[];
  session?: CommitInput;
};

export type SessionStoreOptions = {
  now?: () => number;
  /** Runs when the refresh is due, SESSION_REFRESH_BEFORE_MINUTES before expiry. */
  onRefreshDue?: () => void;
  /** Where the store sends the page (logout, invalid session); the app sets its router's. */
  navigate?: (to: string) => void;
};

const IDENTITY_CLEARED = {
  sessionId: null,
  authenticationId: null,
  expiresAt: null,
  tokenFirebase: null,
  roles: {},
  roleId: null,
  customerId: null,
  name: null,
  email: null,
  identityLoaded: false,
  valid: false,
} satisfies Partial<SessionState>;

export const INITIAL_SESSION_STATE: SessionState = {
  started: false,
  locale: "id",
  affiliate: "",
  invalidSession: false,
  ...IDENTITY_CLEARED,
};

/** setTimeout's longest delay; a later timer would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export type SessionStore = ReturnType<typeof createSessionStore>;

/** A refresh never follows the previous one sooner than this: no request loop on a skewed clock. */
export const MIN_REFRESH_INTERVAL_MS = 30_000;

export function createSessionStore(options: SessionStoreOptions = {}) {
  let clockOffset = 0;
  const now = options.now ?? (() => Date.now() + clockOffset);
  let lastRefreshDueAt = -Infinity;
  let navigateTo = options.navigate ?? ((to: string) => window.location.assign(to));
  let state: SessionState = INITIAL_SESSION_STATE;
  let refreshTimeout: ReturnType<typeof setTimeout> | undefined;
  let expiresTimeout: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const resets = new Set<() => void>();

  function minutesToExpiry(expiresAt: number | null = state.expiresAt): number {
    return expiresAt === null ? 0 : (expiresAt - now()) / minutesToMs(1);
  }

  function set(patch: Partial<SessionState>) {
    const next = { ...state, ...patch };
    next.valid = next.authenticationId !== null && minutesToExpiry(next.expiresAt) > 0;
    state = next;
    for (const listener of listeners) listener();
  }

  function clearTimers() {
    clearTimeout(refreshTimeout);
    clearTimeout(expiresTimeout);
    refreshTimeout = expiresTimeout = undefined;
  }

  function schedule(expiresAt: number) {
    clearTimers();
    const untilExpiry = expiresAt - now();
    const untilRefresh = Math.max(
      untilExpiry - minutesToMs(SESSION_REFRESH_BEFORE_MINUTES),
      lastRefreshDueAt + MIN_REFRESH_INTERVAL_MS - now(),
    );
    refreshTimeout = setTimeout(() => {
      refreshTimeout = undefined;
      lastRefreshDueAt = now();
      options.onRefreshDue?.();
    }, Math.min(Math.max(0, untilRefresh), MAX_TIMEOUT_MS));
    // The expiry timer takes no action (spec section 4); it only lets `valid` turn false.
    expiresTimeout = setTimeout(() => {
      expiresTimeout = undefined;
      set({});
    }, Math.min(Math.max(0, untilExpiry), MAX_TIMEOUT_MS));
  }

  function runResets() {
    for (const reset of resets) {
      try {
        reset();
      } catch (error) {
        console.warn("[session] reset failed", error);
      }
    }
  }

  /** Stores the session and schedules its refresh; fails "Session expired" when already expired. */
  function commit(session: CommitInput) {
    if (minutesToExpiry(session.expires_at) <= 0) throw new Error(SESSION_ERRORS.expired);
    const sameAuthentication = session.authentication_id === state.authenticationId;
    set({
      started: true,
      sessionId: session.id ?? (sameAuthentication ? state.sessionId : null),
      authenticationId: session.authentication_id,
      expiresAt: session.expires_at,
      invalidSession: false,
    });
    schedule(session.expires_at);
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    minutesToExpiry,
    isValid: (): boolean => state.authenticationId !== null && minutesToExpiry() > 0,

    /**
     * The client start, once per page load: an unexpired cookie (as the server read it) restores
     * the session. Returns false when the store had already started.
     */
    start(server: ServerSession, affiliate = state.affiliate): boolean {
      if (state.started) return false;
      set({ started: true, affiliate });
      if (server.authenticated && server.expiresAt !== null && server.authenticationId !== null) {
        try {
          commit({ expires_at: server.expiresAt, authentication_id: server.authenticationId });
        } catch (error) {
          console.warn("[session]", error instanceof Error ? error.message : error);
        }
      }
      return true;
    },

    /**
     * After a successful login: needs the session the server set in the cookie (its answer
     * mirrors it), else fails "Session cookie not found"; resets profile and registration state,
     * then commits.
     */
    login(session: CommitInput | null | undefined) {
      if (!session) throw new Error(SESSION_ERRORS.cookieNotFound);
      runResets();
      set({ ...IDENTITY_CLEARED });
      commit(session);
    },

    commit,

    setIdentity(identity: IdentityInput, roleId: string | null) {
      if (identity.session) commit(identity.session);
      set({
        customerId: identity.id,
        name: identity.name,
        email: identity.email,
        roles: Object.fromEntries(identity.customer_roles.map((role) => [role.id, role])),
        roleId,
        identityLoaded: true,
      });
    },

    setRole(roleId: string) {
      if (state.roles[roleId]) set({ roleId });
    },

    setTokenFirebase(tokenFirebase: string | null) {
      set({ tokenFirebase });
    },

    setAffiliate(affiliate: string) {
      set({ affiliate });
    },

    markInvalid() {
      set({ invalidSession: true });
    },

    /** Logout's clean-up: session, timers, profile, registration and flow state. */
    clear() {
      clearTimers();
      runResets();
      set({ ...IDENTITY_CLEARED });
    },

    /** Registers state to reset on login and logout (registration, flow progress, …). */
    onReset(reset: () => void): () => void {
      resets.add(reset);
      return () => resets.delete(reset);
    },

    /** Headers every API call carries for this session: the chosen role. */
    requestHeaders(): Record<string, string> {
      return state.roleId ? { "X-Role": state.roleId } : {};
    },

    /**
     * The server's clock minus this browser's: expiry times are the server's, and a phone whose
     * clock is off by an hour must neither see every session as expired nor refresh in a loop.
     */
    setClockOffset(offsetMs: number) {
      if (Number.isFinite(offsetMs)) clockOffset = offsetMs;
    },

    setNavigator(navigate: (to: string) => void) {
      navigateTo = navigate;
    },
    navigate(to: string) {
      navigateTo(to);
    },

    /** Scheduled timers, for tests and diagnostics. */
    timers: () => ({ refresh: refreshTimeout !== undefined, expiry: expiresTimeout !== undefined }),
  };
}

/** The calls of a signed-in page, loaded on first need (not part of public pages' first load). */
export function loadSessionActions(): Promise<SessionActions> {
  return import("./session-actions.ts").then((module) => module.sessionActions);
}

/** The page's one session. */
export const sessionStore = createSessionStore({
  onRefreshDue() {
    void loadSessionActions()
      .then((actions) => actions.refreshSession())
      .catch((error: unknown) => console.warn("[session] refresh failed", error));
  },
});
sessionStore.onReset(resetRegistrationState);

const getServerState = () => INITIAL_SESSION_STATE;

export function useSessionState(store: SessionStore = sessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState, getServerState);
}
