import { t } from "@pinjaman/i18n";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Dialog } from "../../shell/dialog.tsx";
import { ApiError } from "../../shell/api-fetch.ts";
import "@pinjaman/i18n/ns/back_office_queues";

export type ReasonDialogProps = {
  title: string;
  confirmLabel: string;
  /** Extra fields above the reason (the loan to match to); their own errors are theirs to show. */
  children?: ReactNode;
  /** Sends the reason; an ApiError's field messages land under the fields, any other message in an alert. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  /** Checks the extra fields before anything is sent; a message refuses and stays in the alert. */
  validate?: () => string | null;
  /** Shows a server field message for an extra field (e.g. account_id), returning whether it took it. */
  onFieldErrors?: (error: ApiError) => boolean;
};

/**
 * A staff decision's dialog: an optional body, a mandatory reason (1–1000 characters, the same
 * rule as the server's) and a confirm button. Focus moves into the dialog on open and back to the
 * opener on close (shell Dialog); a refused reason focuses the field with its message under it.
 */
export function ReasonDialog({ title, confirmLabel, children, onConfirm, onClose, validate, onFieldErrors }: ReasonDialogProps) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const extra = validate?.() ?? null;
    if (extra) {
      setError(extra);
      return;
    }
    const trimmed = reason.trim();
    if (trimmed === "" || trimmed.length > 1000) {
      setFieldError(trimmed === "" ? t("back_office_queues.common.reason_required") : t("back_office_queues.common.reason_hint"));
      reasonRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await onConfirm(trimmed);
    } catch (e) {
      if (e instanceof ApiError && e.fieldMessage("reason")) {
        setFieldError(e.fieldMessage("reason")!);
        reasonRef.current?.focus();
      } else if (!(e instanceof ApiError && onFieldErrors?.(e))) {
        setError(e instanceof Error ? e.message : String(e));
      }
      setBusy(false);
    }
  }

  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="queues-dialog" noValidate onSubmit={submit} aria-busy={busy}>
        {children}
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field__label">
            {t("back_office_queues.common.reason")}
          </label>
          <p id={`${id}-hint`} className="field__hint">
            {t("back_office_queues.common.reason_hint")}
          </p>
          <textarea
            ref={reasonRef}
            id={`${id}-reason`}
            name="reason"
            className="field__input queues-dialog__reason"
            rows={4}
            maxLength={1000}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy}
          />
          {fieldError && (
            <p id={`${id}-error`} className="field__error">
              {fieldError}
            </p>
          )}
        </div>
        {error && (
          <p className="queues__error" role="alert">
            {error}
          </p>
        )}
        <div className="queues-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t("back_office_queues.common.cancel")}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
