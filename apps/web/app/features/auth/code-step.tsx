import type { SessionInfo } from "@pinjaman/contracts/auth";
import { RESEND_CODE_SECONDS } from "@pinjaman/domain/timings";
import { t } from "@pinjaman/i18n";
import { useState, type FormEvent } from "react";
import { ApiError } from "../shell/api-fetch.ts";
import { resendCode, submitCode } from "./auth-api.ts";
import { AuthField } from "./auth-field.tsx";
import { CODE_FORMAT, typedCode } from "./code-format.ts";
import { FormAlert } from "../shell/form-alert.tsx";
import { fieldMessage, formErrors, NO_ERRORS, useFormErrors } from "./form-errors.ts";
import { useCountdown } from "./use-countdown.ts";
import "@pinjaman/i18n/ns/auth";

export type CodeStepProps = {
  authenticationId: string;
  /** Masked destination of the code, as the server says it. */
  sentTo?: string;
  /** Seconds until a new code may be asked for. */
  resendAfter?: number;
  onAuthenticated: (session: SessionInfo | undefined) => Promise<void>;
  /** The authentication is over (expired): back to e-mail and password with this message. */
  onRestart: (message: string | null) => void;
};

/** The second factor: a 6-digit code sent by e-mail, with a resend after a 60 s countdown. */
export function CodeStep({ authenticationId, sentTo, resendAfter, onAuthenticated, onRestart }: CodeStepProps) {
  const [code, setCode] = useState("");
  const { errors, setErrors, formRef, show } = useFormErrors();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [remaining, restartCountdown] = useCountdown(resendAfter ?? RESEND_CODE_SECONDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    if (!CODE_FORMAT.test(code)) {
      show({ fields: { code: [t("auth.code.invalid_format")] }, alert: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const authentication = await submitCode(authenticationId, code);
      await onAuthenticated(authentication.session);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 410) {
        onRestart(t("auth.code.expired"));
        return;
      }
      show(formErrors(error, ["code"]));
    }
  }

  async function resend() {
    if (resending || remaining > 0) return;
    setResending(true);
    setStatus(null);
    setErrors(NO_ERRORS);
    try {
      const answer = await resendCode(authenticationId);
      setStatus(t("auth.code.resent"));
      restartCountdown(answer.resend_after ?? RESEND_CODE_SECONDS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) {
        onRestart(t("auth.code.expired"));
        return;
      }
      show(formErrors(error, []));
    } finally {
      setResending(false);
    }
  }

  const codeError = fieldMessage(errors, "code");

  return (
    <>
      <h1>{t("auth.code.title")}</h1>
      <p className="auth-page__intro">
        {sentTo ? t("auth.code.intro", { destination: sentTo }) : t("auth.code.intro_generic")}
      </p>
      <form ref={formRef} className="auth-form auth-code" noValidate onSubmit={submit} aria-busy={busy}>
        {status && (
          <p className="auth-notice" role="status">
            {status}
          </p>
        )}
        <FormAlert message={errors.alert} />
        <AuthField
          name="code"
          label={t("auth.code.label")}
          hint={t("auth.code.hint")}
          value={code}
          onChange={(value) => setCode(typedCode(value))}
          error={codeError}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          pattern="[0-9]{6}"
          autoFocus
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("auth.login.submitting") : t("auth.code.submit")}
        </button>
      </form>
      <div className="auth-resend">
        <button type="button" className="button button--outline" onClick={resend} disabled={remaining > 0 || resending}>
          {t("auth.code.resend")}
        </button>
        {remaining > 0 && <p data-testid="resend-countdown">{t("auth.code.resend_in", { seconds: remaining })}</p>}
      </div>
      <div className="auth-links">
        <button type="button" className="button button--text" onClick={() => onRestart(null)}>
          {t("auth.code.back")}
        </button>
      </div>
    </>
  );
}
