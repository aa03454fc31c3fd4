import type { FieldValue } from "@pinjaman/contracts/flows";
import type { InputHTMLAttributes, ReactElement } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame, textOf } from "./field-frame.tsx";

export type InputFieldProps = FieldRendererProps & {
  /** The input's own attributes (type, inputMode, autoComplete, maxLength, …). */
  input: InputHTMLAttributes<HTMLInputElement>;
  /** The stored value of what was typed (trimmed e-mail, null for an empty date). */
  parse?: (raw: string) => FieldValue;
  /** Wraps the input (the password's eye toggle); gets the input to render with a type. */
  wrap?: (id: string, render: (type?: string) => ReactElement) => ReactElement;
};

/** One labelled input of a flow step: text, e-mail, date and password differ only in attributes. */
export function InputField({ field, value, onChange, errors, disabled, input, parse = (raw) => raw, wrap }: InputFieldProps) {
  return (
    <FieldFrame field={field} errors={errors}>
      {({ id, describedBy, invalid }) => {
        const render = (type = input.type) => (
          <input
            {...input}
            type={type}
            id={id}
            name={field.key}
            className="field__input"
            value={textOf(value)}
            placeholder={field.placeholder ?? undefined}
            readOnly={field.readOnly}
            disabled={disabled}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange(parse(event.target.value))}
          />
        );
        return wrap ? wrap(id, render) : render();
      }}
    </FieldFrame>
  );
}
