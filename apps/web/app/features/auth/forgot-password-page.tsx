import { t } from "@pinjaman/i18n";
import { useState, type FormEvent } from "react";
import { requestPasswordReset } from "./auth-api.ts";
import { AuthField } from "./auth-field.tsx";
import { AuthPage } from "./auth-page.tsx";
import { FormAlert } from "../shell/form-alert.tsx";
import { fieldMessage, formErrors, NO_ERRORS, useFormErrors } from "./form-errors.ts";
import "@pinjaman/i18n/ns/auth";

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
    <AuthPage title={t("auth.forgot.title")}>
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
            <FormAlert message={errors.alert} />
            <AuthField
              name="email"
              type="email"
              label={t("auth.email")}
              value={email}
              onChange={setEmail}
              error={fieldMessage(errors, "email")}
              autoComplete="email"
              inputMode="email"
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t("common.sending") : t("auth.forgot.submit")}
            </button>
          </form>
        </>
      )}
    </AuthPage>
  );
}
