import type { ReactNode } from "react";
import type { FieldA11y } from "./field-frame.tsx";

/**
 * The flow's checkbox: the box with its text beside it, the whole line the click target (44 px
 * high, .flow-check). Checked only by a stored true. Used by the checkbox and terms fields.
 */
export function FlowCheck({
  a11y: { id, describedBy, invalid },
  name,
  checked,
  disabled,
  required,
  onChange,
  children,
}: {
  a11y: FieldA11y;
  name: string;
  checked: boolean;
  disabled: boolean;
  required: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flow-check" htmlFor={id}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
