import { jakartaToday } from "@pinjaman/domain/dates";
import { NIK_LENGTH, checkNikAge } from "@pinjaman/domain/nik";
import { useEffect } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame, textOf } from "./field-frame.tsx";

/**
 * The NIK input (spec section 5): digits only, 16 at most. From 12 characters the age from the
 * embedded birth date must be 25 or more; below that the message shows at once and the step's
 * next button stays disabled (setBlocking) until the code is fixed.
 */
export default function PersonalCodeField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const code = textOf(value);
  const age = checkNikAge(code, jakartaToday());
  const liveMessage = age.valid ? null : age.message;
  const shown = liveMessage && !errors.includes(liveMessage) ? [liveMessage, ...errors] : errors;
  const { setBlocking } = context;
  const blocking = liveMessage !== null;

  useEffect(() => {
    setBlocking(field.key, blocking);
  }, [setBlocking, field.key, blocking]);
  // Leaving the step must not leave the button disabled for the next one.
  useEffect(() => () => setBlocking(field.key, false), [setBlocking, field.key]);

  return (
    <FieldFrame field={field} errors={shown}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={field.key}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          className="field__input flow-code"
          value={code}
          placeholder={field.placeholder ?? undefined}
          maxLength={NIK_LENGTH}
          readOnly={field.readOnly}
          disabled={disabled}
          required={field.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, "").slice(0, NIK_LENGTH))}
        />
      )}
    </FieldFrame>
  );
}
