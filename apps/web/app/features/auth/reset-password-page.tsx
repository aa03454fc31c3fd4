import { t } from "@pinjaman/i18n";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, joinFieldMessages } from "../shell/api-fetch.ts";
import { resolvePasswordReset } from "./auth-api.ts";
import { AuthField } from "./auth-field.tsx";
import { AuthPage } from "./auth-page.tsx";
import { FormAlert } from "../shell/form-alert.tsx";
import { fieldMessage, formErrors, NO_ERRORS, useFormErrors } from "./form-errors.ts";
import type { LoginNotice } from "./login-page.tsx";
import "@pinjaman/i18n/ns/auth";

/** A reset or first-password token as the API issues them (URL-safe base64); anything else is 404. */
export const PASSWORD_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export function isValidTokenParam(token: string | undefined): boolean {
  return token === undefined || PASSWORD_TOKEN.test(token);
}

export type PasswordPageMode = "reset" | "generate";

const FIELDS = ["password", "password_confirmation"] as const;
type Field = (typeof FIELDS)[number];

/**
 * /reset-password/{token} (a forgotten password) and /generate-password/{token} (the first
 * password of a customer created by an operator or a flow): a new password twice, then /login.
 */
export function ResetPasswordPage({ token, mode }: { token: string | null; mode: PasswordPageMode }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ password: "", password_confirmation: "" });
  const { errors, setErrors, formRef, show } = useFormErrors();
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = mode === "generate";
  const title = generate ? t("auth.reset.generate_title") : t("auth.reset.title");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    setTokenError(null);
    const fields: Record<string, string[]> = {};
    for (const field of FIELDS) if (values[field] === "") fields[field] = [t("auth.required")];
    if (!fields.password_confirmation && values.password !== values.password_confirmation) {
      fields.password_confirmation = [t("auth.reset.mismatch")];
    }
    if (Object.keys(fields).length > 0) {
      show({ fields, alert: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await resolvePasswordReset(token, values.password);
      const notice: LoginNotice = generate ? "password_created" : "password_changed";
      await navigate("/login", { replace: true, state: { notice } });
    } catch (error) {
      setBusy(false);
      // An unusable link is said above the form (with a way to ask again), next to any
      // message about the password itself.
      const tokenMessages = error instanceof ApiError ? error.fields.token : undefined;
      const hasTokenError = tokenMessages !== undefined && tokenMessages.length > 0;
      const next = formErrors(error, FIELDS);
      setTokenError(hasTokenError ? joinFieldMessages(tokenMessages) : null);
      show(hasTokenError ? { ...next, alert: null } : next);
    }
  }

  return (
    <AuthPage title={title}>
      {!token ? (
        <>
          <p className="auth-alert">{t("auth.reset.missing_token")}</p>
          <div className="auth-links">
            <Link to="/forgot-password">{t("auth.reset.request_new")}</Link>
          </div>
        </>
      ) : (
        <>
          <p className="auth-page__intro">{generate ? t("auth.reset.generate_intro") : t("auth.reset.intro")}</p>
          <form ref={formRef} className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
            {tokenError && (
              <div className="auth-alert" role="alert">
                <p>{tokenError}</p>
                <Link to="/forgot-password">{t("auth.reset.request_new")}</Link>
              </div>
            )}
            <FormAlert message={errors.alert} />
            <AuthField
              name="password"
              type="password"
              label={t("auth.reset.new_password")}
              hint={t("auth.reset.hint")}
              value={values.password}
              onChange={(password) => setValues((v) => ({ ...v, password }))}
              error={fieldMessage(errors, "password")}
              autoComplete="new-password"
            />
            <AuthField
              name="password_confirmation"
              type="password"
              label={t("auth.reset.confirmation")}
              value={values.password_confirmation}
              onChange={(value) => setValues((v) => ({ ...v, password_confirmation: value }))}
              error={fieldMessage(errors, "password_confirmation")}
              autoComplete="new-password"
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t("auth.login.submitting") : t("auth.reset.submit")}
            </button>
          </form>
        </>
      )}
    </AuthPage>
  );
}
