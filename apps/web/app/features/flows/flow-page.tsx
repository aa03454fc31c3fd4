import type { FlowProgressNew, FlowProgressView } from "@pinjaman/contracts/flows";
import type { SessionInfo } from "@pinjaman/contracts/auth";
import { t } from "@pinjaman/i18n";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { sessionActions } from "../session/session-actions.ts";
import { useSessionState } from "../session/session-store.ts";
import { readRegistrationState, resetRegistrationState, writeRegistrationState } from "../shell/registration.ts";
import { CancelRegistration } from "./cancel-registration.tsx";
import { flowApi, type FlowScope } from "./flow-api.ts";
import { FlowView } from "./flow-view.tsx";
import { useFlow } from "./use-flow.ts";
import "@pinjaman/i18n/ns/flows";

export type FlowPageProps = {
  flowKey: string;
  /** Sign-up runs a public flow through pub_api; other pages through app_api. */
  audience: "public" | "customer";
  /** The sign-up page keeps the registration state (spec section 4). */
  registration?: boolean;
  /** Step one as the route's server loader rendered it (null when the server could not know the flow). */
  initialPreview?: FlowProgressNew | null;
  /** Start anew rather than resume the remembered progress (sign-up's `?flow=`). */
  startAfresh?: boolean;
  /** The account or application a loan-account or application flow runs on (/flows/{key}?account_id=…). */
  scope?: FlowScope | null;
};

/** A flow hosted on a page: resumes the remembered progress, signs in after the account step, finishes into the flow's target. */
export function FlowPage({ flowKey, audience, registration = false, initialPreview = null, startAfresh = false, scope = null }: FlowPageProps) {
  const session = useSessionState();
  const onSession = useCallback(
    async (info: SessionInfo) => {
      // A login resets the registration state; signing in inside the registration continues it.
      const kept = readRegistrationState();
      const loaded = await sessionActions.login(info);
      if (registration) writeRegistrationState(kept);
      if (!loaded) console.warn("Registration identity not loaded");
    },
    [registration],
  );
  const onProgress = useCallback(
    (id: string) => {
      if (registration) writeRegistrationState({ ...readRegistrationState(), flowProgressId: id });
    },
    [registration],
  );
  const onCompleted = useCallback(
    (_view: FlowProgressView) => {
      if (registration) resetRegistrationState();
      // Finishing reloads the client's data: the new account and application.
      void sessionActions.loadIdentity().catch((error: unknown) => console.warn("Registration identity not loaded", error));
    },
    [registration],
  );
  const navigate = useNavigate();
  /** Cancel clears the registration (spec section 4); the saved progress stays resumable from the start page. */
  const cancelRegistration = useCallback(() => {
    resetRegistrationState();
    void navigate("/");
  }, [navigate]);
  const flow = useFlow({
    flowKey,
    audience,
    scope,
    api: flowApi,
    authenticationId: session.authenticationId,
    sessionKnown: session.started,
    initialPreview,
    startAfresh,
    onSession,
    onProgress,
    onCompleted,
  });
  return (
    <div className="container">
      <FlowView flow={flow} customerId={session.customerId} affiliate={session.affiliate} />
      <p className="flow-resume">
        {flow.progress && flow.progress.status === "in_progress" && flow.stepIndex > 0 && !session.authenticationId ? (
          <button type="button" className="button button--text" onClick={() => void flow.restart()}>
            {t("flows.page.start_new")}
          </button>
        ) : null}
        {registration && flow.progress?.status !== "completed" ? <CancelRegistration onConfirm={cancelRegistration} /> : null}
      </p>
    </div>
  );
}
