import { jakartaToday } from "@pinjaman/domain/dates";
import { NIK_LENGTH, checkNikAge } from "@pinjaman/domain/nik";
import type { FieldRendererProps } from "./field-props.ts";
import { DigitsInput } from "./digits-input.tsx";
import { FieldFrame, textOf } from "./field-frame.tsx";
import { useBlocking, withLiveMessage } from "./live-check.ts";

/**
 * The NIK input (spec section 5): digits only, 16 at most. From 12 characters the age from the
 * embedded birth date must be 25 or more; below that the message shows at once and the step's
 * next button stays disabled (setBlocking) until the code is fixed.
 */
export default function PersonalCodeField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const code = textOf(value);
  const age = checkNikAge(code, jakartaToday());
  const liveMessage = age.valid ? null : age.message;
  const shown = withLiveMessage(liveMessage, errors);
  useBlocking(context.setBlocking, field.key, liveMessage !== null);

  return (
    <FieldFrame field={field} errors={shown}>
      {(a11y) => (
        <DigitsInput
          a11y={a11y}
          name={field.key}
          value={code}
          maxLength={NIK_LENGTH}
          pattern="[0-9]*"
          autoComplete="off"
          className="field__input flow-code"
          placeholder={field.placeholder}
          readOnly={field.readOnly}
          disabled={disabled}
          required={field.required}
          onDigits={onChange}
        />
      )}
    </FieldFrame>
  );
}
