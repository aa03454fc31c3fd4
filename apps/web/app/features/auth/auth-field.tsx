import { t } from "@pinjaman/i18n";
import { useId, useState, type HTMLAttributes, type Ref } from "react";
import "@pinjaman/i18n/ns/auth";

export type AuthFieldProps = {
  /** The field's key; only the field keyed "password" gets the visibility toggle (spec section 4). */
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  value: string;
  onChange: (value: string) => void;
  /** The field's messages, already joined with ", ". */
  error?: string | null;
  hint?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  pattern?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A labelled input with its hint and its error under it, as every auth form uses. */
export function AuthField({ name, label, type = "text", value, onChange, error, hint, inputRef, ...input }: AuthFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const toggles = name === "password" && type === "password";
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  const field = (
    <input
      {...input}
      ref={inputRef}
      id={id}
      name={name}
      type={toggles && visible ? "text" : type}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="field__input"
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {toggles ? (
        <div className="auth-password">
          {field}
          <button
            type="button"
            className="auth-password__toggle"
            aria-controls={id}
            aria-pressed={visible}
            aria-label={t("auth.password.show")}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      ) : (
        field
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
