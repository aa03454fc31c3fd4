import type { SessionInfo } from "@pinjaman/contracts/auth";
import type { Identity } from "@pinjaman/contracts/identity";
import { apiFetch, setRequestHeaders } from "../shell/api-fetch.ts";
import { registerDevice, sandboxPushToken, type PushTokenSource } from "./devices.ts";
import { browserStorage, chooseRole, readSavedRoleIds, saveCustomerId, saveRoleId, type RoleStorage } from "./role-choice.ts";
import { SESSION_ERRORS, sessionStore, type CommitInput, type SessionStore } from "./session-store.ts";

/**
 * What a signed-in page does with its session (spec sections 4 and 7): the session check
 * (identity) on app mount, role choice, device registration, refresh, logout.
 */

export const IDENTITY_URL = "/app_api/v1/my/identity";
export const sessionUrl = (id: string) => `/authy_api/sessions/${encodeURIComponent(id)}`;
/** Where an invalid session ends: the login page, which also drops the stale cookie. */
export const LOGIN_AFTER_INVALID_SESSION = "/login?session=invalid";

type Api = <T>(url: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/** Runs `work` while no other tab of this browser refreshes the session. */
function withRefreshLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request("pinjaman-session-refresh", work) : work();
}

export type SessionActionsDeps = {
  store: SessionStore;
  api: Api;
  storage: () => RoleStorage;
  pushToken: PushTokenSource;
  userAgent: () => string;
};

export type SessionActions = ReturnType<typeof createSessionActions>;

export function createSessionActions({ store, api, storage, pushToken, userAgent }: SessionActionsDeps) {
  let identityLoad: Promise<Identity> | null = null;
  let check: Promise<boolean> | null = null;

  async function fetchIdentity(): Promise<Identity> {
    return (await api<{ data: Identity }>(IDENTITY_URL)).data;
  }

  /** Push token and device records; every failure here is ignored (spec section 8). */
  async function registerThisDevice(customerId: string) {
    try {
      const token = await registerDevice(customerId, { api, pushToken, userAgent: userAgent() });
      if (token) store.setTokenFirebase(token);
    } catch (error) {
      console.warn("[session] device registration failed", error);
    }
  }

  /**
   * GET my/identity, then the role choice (saved to both storages), the customer id (to
   * localStorage) and this browser's device. Concurrent callers share one request.
   */
  function loadIdentity(): Promise<Identity> {
    identityLoad ??= (async () => {
      const identity = await fetchIdentity();
      const saved = storage();
      const roleId = chooseRole(identity.customer_roles, readSavedRoleIds(saved));
      store.setIdentity(identity, roleId);
      if (roleId) saveRoleId(saved, roleId);
      saveCustomerId(saved, identity.id);
      void registerThisDevice(identity.id);
      return identity;
    })().finally(() => {
      identityLoad = null;
    });
    return identityLoad;
  }

  /** Ends the session on the server (errors ignored), clears the page's state, leaves. */
  async function logout(to = "/"): Promise<void> {
    const { sessionId, authenticationId } = store.getState();
    try {
      const id = sessionId ?? (authenticationId ? (await fetchIdentity()).session.id : null);
      if (id) await api(sessionUrl(id), { method: "DELETE" });
    } catch {
      // Errors on logout are ignored (spec section 8): the page forgets the session anyway.
    }
    store.clear();
    store.navigate(to);
  }

  /** Refresh or identity failure: the session is invalid → logout → /login. */
  async function invalidate(reason: unknown): Promise<void> {
    console.warn("[session] invalid session:", reason instanceof Error ? reason.message : reason);
    store.markInvalid();
    await logout(LOGIN_AFTER_INVALID_SESSION);
  }

  /** The session check of every app mount (and of pages that need the identity). */
  function checkSession(): Promise<boolean> {
    check ??= loadIdentity()
      .then(
        () => true,
        async (error: unknown) => {
          await invalidate(error);
          return false;
        },
      )
      .finally(() => {
        check = null;
      });
    return check;
  }

  /** The identity of the signed-in customer, loading it if this page has not yet. */
  async function ensureIdentity(): Promise<boolean> {
    if (store.getState().identityLoaded) return true;
    return checkSession();
  }

  /**
   * PATCH sessions/{id}: a new token (the cookie is rewritten) and expiry, and the next refresh
   * scheduled. Fails "not authenticated" without an authentication id; a failed call marks the
   * session invalid. Tabs of one browser share the cookie and would refresh at the same moment,
   * and a rotated token ends the old one at once: so one tab refreshes at a time (Web Locks),
   * and a tab that finds the session already renewed by another adopts it instead.
   */
  async function refreshSession(): Promise<void> {
    const { authenticationId } = store.getState();
    if (!authenticationId) throw new Error(SESSION_ERRORS.notAuthenticated);
    await withRefreshLock(async () => {
      const { expiresAt } = store.getState();
      try {
        const current = (await fetchIdentity()).session;
        if (current.authentication_id !== authenticationId) {
          // Someone signed in again in another tab: this page follows the new session.
          await loadIdentity();
          return;
        }
        if (expiresAt !== null && current.expires_at > expiresAt) {
          store.commit(current);
          return;
        }
        const response = await api<{ data: SessionInfo }>(sessionUrl(current.id), { method: "PATCH" });
        store.commit(response.data);
      } catch (error) {
        await invalidate(error);
      }
    });
  }

  /** After the login call set the cookie: commit its session, then load the identity. */
  async function login(session: CommitInput | null | undefined): Promise<boolean> {
    store.login(session);
    return checkSession();
  }

  /** The role switch: the new role is used from the next call on and survives a reload. */
  function selectRole(roleId: string): void {
    if (!store.getState().roles[roleId]) return;
    store.setRole(roleId);
    saveRoleId(storage(), roleId);
  }

  return { loadIdentity, checkSession, ensureIdentity, refreshSession, login, logout, selectRole };
}

export const sessionActions = createSessionActions({
  store: sessionStore,
  api: apiFetch,
  storage: browserStorage,
  pushToken: sandboxPushToken,
  userAgent: () => navigator.userAgent,
});

// Every call of a signed-in page carries the chosen role.
setRequestHeaders(() => sessionStore.requestHeaders());
