import type { SessionInfo } from "@pinjaman/contracts/auth";
import { t } from "@pinjaman/i18n";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { sessionActions } from "../session/session-actions.ts";
import { signUpHref } from "../shell/registration.ts";
import { readPendingAuthentication, pollAuthentication, savePendingAuthentication } from "./auth-api.ts";
import { CodeStep } from "./code-step.tsx";
import { CredentialsForm, useCredentialsLogin } from "./credentials-login.tsx";
import "@pinjaman/i18n/ns/auth";
import "./auth.css";

export type LoginNotice = "password_changed" | "password_created" | "session_invalid";

const NOTICES: readonly LoginNotice[] = ["password_changed", "password_created", "session_invalid"];

/** The notice another page sent along (navigation state), if it is one the login page knows. */
export function noticeFromState(state: unknown): LoginNotice | null {
  const notice = typeof state === "object" && state !== null ? (state as { notice?: unknown }).notice : undefined;
  return NOTICES.find((n) => n === notice) ?? null;
}

/** /login: e-mail and password, then the code when the server asks for a second factor. */
export function LoginPage({ sessionInvalid = false }: { sessionInvalid?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = sessionInvalid ? "session_invalid" : noticeFromState(location.state);
  async function finish(session: SessionInfo | undefined) {
    savePendingAuthentication(null);
    // Fails "Session cookie not found" when the answer carries no session; an identity failure
    // logs out and goes back to /login by itself.
    if (await sessionActions.login(session)) await navigate("/profile", { replace: true });
  }
  const login = useCredentialsLogin({ onSession: finish, onCodeRequired: savePendingAuthentication });
  const { step, setStep, errors } = login;

  // A reload during the second factor stays on the code step while the server still waits.
  useEffect(() => {
    const pending = readPendingAuthentication();
    if (!pending) return;
    pollAuthentication(pending)
      .then((authentication) => {
        if (authentication.status === "code_required") {
          setStep({ kind: "code", id: authentication.id, sentTo: authentication.code_sent_to, resendAfter: authentication.resend_after });
        } else savePendingAuthentication(null);
      })
      .catch(() => savePendingAuthentication(null));
  }, [setStep]);

  function restart(message: string | null) {
    savePendingAuthentication(null);
    login.restart(message);
  }

  return (
    <div className="container">
      <div className="auth-page">
        {step.kind === "code" ? (
          <CodeStep
            key={step.id}
            authenticationId={step.id}
            sentTo={step.sentTo}
            resendAfter={step.resendAfter}
            onAuthenticated={finish}
            onRestart={restart}
          />
        ) : (
          <>
            <h1>{t("auth.login.title")}</h1>
            <p className="auth-page__intro">{t("auth.login.intro")}</p>
            {notice && !errors.alert && (
              <p className="auth-notice" role="status">
                {t(`auth.login.notice.${notice}`)}
              </p>
            )}
            <CredentialsForm login={login} />
            <div className="auth-links">
              <Link to="/forgot-password">{t("auth.login.forgot_link")}</Link>
              <span>
                {t("auth.login.no_account")} <Link to={signUpHref("default")}>{t("auth.login.signup")}</Link>
              </span>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
