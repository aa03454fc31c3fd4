import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";

/** A single box; its label sits beside it (the whole line is the click target, 44 px high). */
export default function CheckboxField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  return (
    <FieldFrame field={field} errors={errors} labelMode="none">
      {({ id, describedBy, invalid }) => (
        <label className="flow-check" htmlFor={id}>
          <input
            id={id}
            name={field.key}
            type="checkbox"
            checked={value === true}
            disabled={disabled || field.readOnly}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>{field.label}</span>
        </label>
      )}
    </FieldFrame>
  );
}
