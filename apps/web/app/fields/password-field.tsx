import { PASSWORD_MAX_LENGTH } from "@pinjaman/domain/field-rules";
import { t } from "@pinjaman/i18n";
import { useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame, textOf } from "./field-frame.tsx";
import "@pinjaman/i18n/ns/fields";

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A password input; only the field keyed "password" gets the eye toggle (spec section 4). */
export default function PasswordField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  const [visible, setVisible] = useState(false);
  const toggles = field.key === "password";

  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy, invalid }) => {
        const input = (
          <input
            id={id}
            name={field.key}
            type={toggles && visible ? "text" : "password"}
            autoComplete="new-password"
            autoCapitalize="none"
            spellCheck={false}
            className="field__input"
            value={textOf(value)}
            placeholder={field.placeholder ?? undefined}
            maxLength={PASSWORD_MAX_LENGTH}
            readOnly={field.readOnly}
            disabled={disabled}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        );
        if (!toggles) return input;
        return (
          <div className="flow-password">
            {input}
            <button
              type="button"
              className="flow-password__toggle"
              aria-controls={id}
              aria-pressed={visible}
              aria-label={t("fields.password.show")}
              onClick={() => setVisible((v) => !v)}
            >
              <EyeIcon crossed={visible} />
            </button>
          </div>
        );
      }}
    </FieldFrame>
  );
}
