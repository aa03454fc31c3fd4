import type { SessionInfo } from "@pinjaman/contracts/auth";
import { t } from "@pinjaman/i18n";
import { useState, type FormEvent, type ReactNode } from "react";
import { useAdoptTypedInput } from "../shell/adopt-typed-input.ts";
import { ApiError } from "../shell/api-fetch.ts";
import { LOGIN_LOCKED, startLogin } from "./auth-api.ts";
import { AuthField } from "./auth-field.tsx";
import { CODE_FORMAT, typedCode } from "./code-format.ts";
import { FormAlert } from "../shell/form-alert.tsx";
import { fieldMessage, formErrors, NO_ERRORS, useFormErrors } from "./form-errors.ts";
import "@pinjaman/i18n/ns/auth";

const FIELDS = ["email", "password"] as const;

export type LoginStep = { kind: "credentials" } | { kind: "code"; id: string; sentTo?: string; resendAfter?: number };

/**
 * Signing in with e-mail and password, shared by /login and the login box of other pages: the
 * step (credentials, then the code when the server asks for one), the values, the errors and the
 * submit. `onSession` runs with the session once signed in; `onCodeRequired` when a code is asked.
 * When the e-mail is locked by failed logins (someone else's, perhaps), the form keeps the
 * password and asks for the e-mailed code beside it (decision 0006).
 */
export function useCredentialsLogin({ onSession, onCodeRequired }: { onSession: (session: SessionInfo | undefined) => Promise<void>; onCodeRequired?: (authenticationId: string) => void }) {
  const [step, setStep] = useState<LoginStep>({ kind: "credentials" });
  const [values, setValues] = useState({ email: "", password: "", code: "" });
  const [locked, setLocked] = useState(false);
  const { errors, setErrors, formRef, show } = useFormErrors();
  useAdoptTypedInput(formRef);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing = FIELDS.filter((field) => values[field].trim() === "");
    if (missing.length > 0) {
      show({ fields: Object.fromEntries(missing.map((field) => [field, [t("auth.required")]])), alert: null });
      return;
    }
    const code = locked ? values.code : "";
    if (code !== "" && !CODE_FORMAT.test(code)) {
      show({ fields: { code: [t("auth.code.invalid_format")] }, alert: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const authentication = await startLogin(values.email.trim(), values.password, code || undefined);
      if (authentication.status === "code_required") {
        onCodeRequired?.(authentication.id);
        setStep({ kind: "code", id: authentication.id, sentTo: authentication.code_sent_to, resendAfter: authentication.resend_after });
        setBusy(false);
        return;
      }
      await onSession(authentication.session);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === LOGIN_LOCKED) {
        setLocked(true);
        setValues((v) => ({ ...v, code: "" }));
      }
      show(formErrors(error, [...FIELDS, "code"]));
    }
  }

  /** Back to e-mail and password (the code step gave up), with the reason in the alert. */
  function restart(message: string | null) {
    setStep({ kind: "credentials" });
    setLocked(false);
    setValues((v) => ({ ...v, password: "", code: "" }));
    setErrors({ fields: {}, alert: message });
  }

  return { step, setStep, values, setValues, locked, errors, formRef, busy, submit, restart };
}

export type CredentialsLogin = ReturnType<typeof useCredentialsLogin>;

/** The e-mail and password form of a sign-in; `heading` goes first inside it (a box names its form). */
export function CredentialsForm({ login, heading, label }: { login: CredentialsLogin; heading?: ReactNode; label?: string }) {
  const { values, setValues, locked, errors, formRef, busy, submit } = login;
  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit} aria-busy={busy} aria-label={label}>
      {heading}
      <FormAlert message={errors.alert} />
      <AuthField
        name="email"
        type="email"
        label={t("auth.email")}
        value={values.email}
        onChange={(email) => setValues((v) => ({ ...v, email }))}
        error={fieldMessage(errors, "email")}
        autoComplete="username"
        inputMode="email"
      />
      <AuthField
        name="password"
        type="password"
        label={t("auth.password.label")}
        value={values.password}
        onChange={(password) => setValues((v) => ({ ...v, password }))}
        error={fieldMessage(errors, "password")}
        autoComplete="current-password"
      />
      {locked && (
        <AuthField
          name="code"
          label={t("auth.code.label")}
          hint={t("auth.login.locked_code_hint")}
          value={values.code}
          onChange={(code) => setValues((v) => ({ ...v, code: typedCode(code) }))}
          error={fieldMessage(errors, "code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          pattern="[0-9]{6}"
        />
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("auth.login.submitting") : t("auth.login.submit")}
      </button>
    </form>
  );
}
