import type { HTMLAttributes } from "react";

export type TextFieldProps = {
  /** The control's id; the hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | null;
  error?: string | null;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  name?: string;
  type?: "text" | "search" | "password" | "email";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
};

/**
 * A labelled text input or textarea with its hint and error read with it by screen readers
 * (aria-describedby) and marked invalid while it has an error: the one markup of the site's forms.
 */
export function TextField({ id, label, value, onChange, hint, error, rows, name, type = "text", autoComplete, inputMode, required }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const common = {
    id,
    name,
    className: "field__input",
    value,
    required,
    autoComplete,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  } as const;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hintId && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {errorId && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
