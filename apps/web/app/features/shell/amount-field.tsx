/**
 * A rupiah amount typed by a person (invest, withdraw, simulate a transfer, staff forms): a
 * numeric keyboard on phones, its hint and its error read with the field by screen readers.
 * `id` is the input's id; the hint and error take `${id}-hint` and `${id}-error`.
 */
export function AmountField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
}) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hintId && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
