import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { loadSessionActions, useSessionState } from "../session/session-store.ts";
import type { RootLoaderData } from "./use-shell-data.ts";

/**
 * Sign-in state as the shell needs it. Until the client start has run (server render and
 * hydration) it is what the server read from the session cookie; then the session store's.
 */
export function useIsLoggedIn(): boolean {
  const server = useRouteLoaderData<RootLoaderData>("root")?.session;
  const state = useSessionState();
  return state.started ? state.valid : (server?.authenticated ?? false);
}

/** "Keluar": ends the session, clears the page's state and goes to the index (spec section 4). */
export function useLogout(): () => void {
  return useCallback(() => {
    void loadSessionActions()
      .then((actions) => actions.logout())
      .catch((error: unknown) => console.warn("[session] logout failed", error));
  }, []);
}

/** The logo leads a signed-in customer to the profile, everyone else home (spec section 2). */
export function logoTarget(isLoggedIn: boolean): string {
  return isLoggedIn ? "/profile" : "/";
}
