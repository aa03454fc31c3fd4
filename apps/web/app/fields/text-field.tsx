import { TEXT_MAX_LENGTH } from "@pinjaman/domain/field-rules";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame, textOf } from "./field-frame.tsx";

export default function TextField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={field.key}
          type="text"
          className="field__input"
          value={textOf(value)}
          placeholder={field.placeholder ?? undefined}
          maxLength={TEXT_MAX_LENGTH}
          readOnly={field.readOnly}
          disabled={disabled}
          required={field.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
