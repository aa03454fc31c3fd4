import type { SessionInfo } from "@pinjaman/contracts/auth";
import { t } from "@pinjaman/i18n";
import { useState, type FormEvent } from "react";
import { sessionActions } from "../session/session-actions.ts";
import { joinFieldMessages } from "../shell/api-fetch.ts";
import { startLogin } from "./auth-api.ts";
import { AuthField } from "./auth-field.tsx";
import { CodeStep } from "./code-step.tsx";
import { formErrors, NO_ERRORS, useFormErrors } from "./form-errors.ts";
import "@pinjaman/i18n/ns/auth";
import "./auth.css";

const FIELDS = ["email", "password"] as const;

type Step = { kind: "credentials" } | { kind: "code"; id: string; sentTo?: string; resendAfter?: number };

/**
 * A login inside another page (the purchase page's "login box"): e-mail and password, then the
 * code when the server asks for one; the page stays where it is and `onLoggedIn` runs after the
 * session is in place.
 */
export function LoginBox({ title, onLoggedIn }: { title: string; onLoggedIn?: () => void }) {
  const [step, setStep] = useState<Step>({ kind: "credentials" });
  const [values, setValues] = useState({ email: "", password: "" });
  const { errors, setErrors, formRef, show } = useFormErrors();
  const [busy, setBusy] = useState(false);

  async function finish(session: SessionInfo | undefined) {
    if (await sessionActions.login(session)) onLoggedIn?.();
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
      setBusy(false);
      if (authentication.status === "code_required") {
        setStep({ kind: "code", id: authentication.id, sentTo: authentication.code_sent_to, resendAfter: authentication.resend_after });
        return;
      }
      await finish(authentication.session);
    } catch (error) {
      setBusy(false);
      show(formErrors(error, FIELDS));
    }
  }

  const fieldError = (field: (typeof FIELDS)[number]) => {
    const messages = errors.fields[field];
    return messages && messages.length > 0 ? joinFieldMessages(messages) : null;
  };

  if (step.kind === "code") {
    return (
      <CodeStep
        key={step.id}
        authenticationId={step.id}
        sentTo={step.sentTo}
        resendAfter={step.resendAfter}
        onAuthenticated={finish}
        onRestart={(message) => {
          setStep({ kind: "credentials" });
          setValues((v) => ({ ...v, password: "" }));
          setErrors({ fields: {}, alert: message });
        }}
      />
    );
  }
  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} aria-busy={busy} aria-label={title}>
      <h2>{title}</h2>
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
        {t("auth.login.submit")}
      </button>
    </form>
  );
}
