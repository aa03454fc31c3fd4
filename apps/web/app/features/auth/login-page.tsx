import type { SessionInfo } from "@pinjaman/contracts/auth";
import { t } from "@pinjaman/i18n";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { sessionActions } from "../session/session-actions.ts";
import { signUpHref } from "../shell/registration.ts";
import { joinFieldMessages } from "../shell/api-fetch.ts";
import { readPendingAuthentication, pollAuthentication, savePendingAuthentication, startLogin } from "./auth-api.ts";
import { AuthField } from "./auth-field.tsx";
import { CodeStep } from "./code-step.tsx";
import { formErrors, NO_ERRORS, useFormErrors } from "./form-errors.ts";
import "@pinjaman/i18n/ns/auth";
import "./auth.css";

export type LoginNotice = "password_changed" | "password_created" | "session_invalid";

const NOTICES: readonly LoginNotice[] = ["password_changed", "password_created", "session_invalid"];

/** The notice another page sent along (navigation state), if it is one the login page knows. */
export function noticeFromState(state: unknown): LoginNotice | null {
  const notice = typeof state === "object" && state !== null ? (state as { notice?: unknown }).notice : undefined;
  return NOTICES.find((n) => n === notice) ?? null;
}

type Step =
  | { kind: "credentials" }
  | { kind: "code"; id: string; sentTo?: string; resendAfter?: number };

const FIELDS = ["email", "password"] as const;

/** /login: e-mail and password, then the code when the server asks for a second factor. */
export function LoginPage({ sessionInvalid = false }: { sessionInvalid?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = sessionInvalid ? "session_invalid" : noticeFromState(location.state);
  const [step, setStep] = useState<Step>({ kind: "credentials" });
  const [values, setValues] = useState({ email: "", password: "" });
  const { errors, setErrors, formRef, show } = useFormErrors();
  const [busy, setBusy] = useState(false);

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
  }, []);

  async function finish(session: SessionInfo | undefined) {
    savePendingAuthentication(null);
    // Fails "Session cookie not found" when the answer carries no session; an identity failure
    // logs out and goes back to /login by itself.
    if (await sessionActions.login(session)) await navigate("/profile", { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing = FIELDS.filter((field) => values[field].trim() === "");
    if (missing.length > 0) {
      show({ fields: Object.fromEntries(missing.map((field) => [field, [t("auth.required")]])), alert: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const authentication = await startLogin(values.email.trim(), values.password);
      if (authentication.status === "code_required") {
        savePendingAuthentication(authentication.id);
        setStep({ kind: "code", id: authentication.id, sentTo: authentication.code_sent_to, resendAfter: authentication.resend_after });
        setBusy(false);
        return;
      }
      await finish(authentication.session);
    } catch (error) {
      setBusy(false);
      show(formErrors(error, FIELDS));
    }
  }

  function restart(message: string | null) {
    savePendingAuthentication(null);
    setStep({ kind: "credentials" });
    setValues((v) => ({ ...v, password: "" }));
    setErrors({ fields: {}, alert: message });
  }

  const fieldError = (field: (typeof FIELDS)[number]) => {
    const messages = errors.fields[field];
    return messages && messages.length > 0 ? joinFieldMessages(messages) : null;
  };

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
            <form ref={formRef} className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
              {errors.alert && (
                <p className="auth-alert" role="alert">
                  {errors.alert}
                </p>
              )}
              <AuthField
                name="email"
                type="email"
                label={t("auth.email")}
                value={values.email}
                onChange={(email) => setValues((v) => ({ ...v, email }))}
                error={fieldError("email")}
                autoComplete="username"
                inputMode="email"
              />
              <AuthField
                name="password"
                type="password"
                label={t("auth.password.label")}
                value={values.password}
                onChange={(password) => setValues((v) => ({ ...v, password }))}
                error={fieldError("password")}
                autoComplete="current-password"
              />
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? t("auth.login.submitting") : t("auth.login.submit")}
              </button>
            </form>
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
