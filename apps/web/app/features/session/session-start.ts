import { useEffect } from "react";
import { useNavigate } from "react-router";
import { storeAffiliateFromQuery } from "./affiliate.ts";
import { NO_SESSION, type ServerSession } from "./session-cookie.ts";
import { loadSessionActions, sessionStore } from "./session-store.ts";

/**
 * The client start (spec section 4), once per page load from the root component. With a session
 * cookie (as the server read it): commit the session and run the session check (identity), whose
 * failure logs out and goes to /login. Without: read the affiliate code from `?a=`. The server's
 * time of the render sets the store's clock, as expiry times are the server's.
 */
export function useSessionStart(server: ServerSession | undefined, serverTime?: number): void {
  const navigate = useNavigate();

  useEffect(() => {
    sessionStore.setNavigator((to) => void navigate(to, { replace: to.startsWith("/login") }));
  }, [navigate]);

  useEffect(() => {
    if (sessionStore.getState().started) return;
    if (serverTime !== undefined) sessionStore.setClockOffset(serverTime - Date.now());
    const session = server ?? NO_SESSION;
    const affiliate = session.authenticated ? undefined : storeAffiliateFromQuery(window.location.search);
    if (!sessionStore.start(session, affiliate)) return;
    if (session.authenticated) {
      void loadSessionActions()
        .then((actions) => actions.checkSession())
        .catch((error: unknown) => console.warn("[session] client start failed", error));
    }
  }, [server, serverTime]);
}
