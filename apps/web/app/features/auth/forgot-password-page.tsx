import { t } from "@pinjaman/i18n";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { joinFieldMessages } from "../shell/api-fetch.ts";
import { requestPasswordReset } from "./auth-api.ts";
import { AuthField } from "./auth-field.tsx";
import { formErrors, NO_ERRORS, useFormErrors } from "./form-errors.ts";
import "@pinjaman/i18n/ns/auth";
import "./auth.css";

/**
 * /forgot-password: the reset link goes by e-mail. The confirmation is the same whether or not
 * the address has an account, so the page never tells who is a customer.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const { errors, setErrors, formRef, show } = useFormErrors();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === "") {
      show({ fields: { email: [t("auth.required")] }, alert: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (error) {
      show(formErrors(error, ["email"]));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container">
      <div className="auth-page">
        <h1>{t("auth.forgot.title")}</h1>
        {sent ? (
          <div className="auth-notice" role="status">
            <p>
              <strong>{t("auth.forgot.sent_title")}</strong>
            </p>
            <p>{t("auth.forgot.sent_text")}</p>
          </div>
        ) : (
          <>
            <p className="auth-page__intro">{t("auth.forgot.intro")}</p>
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
                value={email}
                onChange={setEmail}
                error={errors.fields.email ? joinFieldMessages(errors.fields.email) : null}
                autoComplete="email"
                inputMode="email"
              />
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? t("common.sending") : t("auth.forgot.submit")}
              </button>
            </form>
          </>
        )}
        <div className="auth-links">
          <Link to="/login">{t("auth.forgot.back_to_login")}</Link>
        </div>
      </div>
    </div>
  );
}
