import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame, textOf } from "./field-frame.tsx";

/** A native date input: the browser's picker, and the value is already yyyy-mm-dd. */
export default function DateField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={field.key}
          type="date"
          className="field__input"
          value={textOf(value)}
          readOnly={field.readOnly}
          disabled={disabled}
          required={field.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
