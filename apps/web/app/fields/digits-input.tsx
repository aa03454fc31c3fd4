import type { FieldA11y } from "./field-frame.tsx";

/**
 * A text input that keeps only digits, cut to `maxLength` (the NIK, a typed postal code): the
 * numeric keypad on phones, and pasted spaces or dots are dropped rather than refused.
 */
export function DigitsInput({
  a11y: { id, describedBy, invalid },
  name,
  value,
  maxLength,
  pattern,
  autoComplete,
  className = "field__input",
  placeholder,
  readOnly,
  disabled,
  required,
  onDigits,
}: {
  a11y: FieldA11y;
  name: string;
  value: string;
  maxLength: number;
  /** For the browser's own check: "[0-9]{5}" when the length is fixed. */
  pattern: string;
  autoComplete: string;
  className?: string;
  placeholder: string | null;
  readOnly?: boolean;
  disabled: boolean;
  required: boolean;
  onDigits: (digits: string) => void;
}) {
  return (
    <input
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete={autoComplete}
      pattern={pattern}
      maxLength={maxLength}
      className={className}
      value={value}
      placeholder={placeholder ?? undefined}
      readOnly={readOnly}
      disabled={disabled}
      required={required}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      onChange={(event) => onDigits(event.target.value.replace(/\D/g, "").slice(0, maxLength))}
    />
  );
}
