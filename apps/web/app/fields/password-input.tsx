import { t } from "@pinjaman/i18n";
import { useState, type ReactElement } from "react";
import "@pinjaman/i18n/ns/fields";
import "./password-input.css";

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/**
 * A password input with the eye toggle (spec section 4: only the field keyed "password" has it),
 * for the auth forms and the flows alike. `renderInput` gets the input type to use.
 */
export function PasswordInput({ id, renderInput }: { id: string; renderInput: (type: "text" | "password") => ReactElement }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      {renderInput(visible ? "text" : "password")}
      <button
        type="button"
        className="password-input__toggle"
        aria-controls={id}
        aria-pressed={visible}
        aria-label={t("fields.password.show")}
        onClick={() => setVisible((v) => !v)}
      >
        <EyeIcon crossed={visible} />
      </button>
    </div>
  );
}
