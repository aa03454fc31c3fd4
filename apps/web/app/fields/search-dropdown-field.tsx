import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { SearchDropdown } from "./search-dropdown.tsx";

export default function SearchDropdownField({ field, value, onChange, errors, disabled }: FieldRendererProps) {
  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy, invalid }) => (
        <SearchDropdown
          id={id}
          name={field.key}
          options={field.options ?? []}
          value={typeof value === "string" && value !== "" ? value : null}
          onSelect={(option) => onChange(option ? option.value : null)}
          disabled={disabled}
          readOnly={field.readOnly}
          required={field.required}
          placeholder={field.placeholder}
          describedBy={describedBy}
          invalid={invalid}
        />
      )}
    </FieldFrame>
  );
}
