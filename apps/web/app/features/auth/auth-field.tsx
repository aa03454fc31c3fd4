import { useId, type HTMLAttributes, type Ref } from "react";
import { PasswordInput } from "../../fields/password-input.tsx";

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

/** A labelled input with its hint and its error under it, as every auth form uses. */
export function AuthField({ name, label, type = "text", value, onChange, error, hint, inputRef, ...input }: AuthFieldProps) {
  const id = useId();
  const toggles = name === "password" && type === "password";
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  const renderInput = (shownType: string = type) => (
    <input
      {...input}
      ref={inputRef}
      id={id}
      name={name}
      type={shownType}
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
      {toggles ? <PasswordInput id={id} renderInput={renderInput} /> : renderInput()}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
