import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { FlowCheck } from "./flow-check.tsx";

/** A single box; its label sits beside it (the whole line is the click target, 44 px high). */
export default function CheckboxField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  return (
    <FieldFrame field={field} errors={errors} labelMode="none">
      {(a11y) => (
        <FlowCheck a11y={a11y} name={field.key} checked={value === true} disabled={disabled || field.readOnly} required={field.required} onChange={onChange}>
          {field.label}
        </FlowCheck>
      )}
    </FieldFrame>
  );
}
