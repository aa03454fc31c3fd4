import { PASSWORD_MAX_LENGTH } from "@pinjaman/domain/field-rules";
import type { ReactElement } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { InputField } from "./input-field.tsx";
import { PasswordInput } from "./password-input.tsx";

const PASSWORD_INPUT = { type: "password", autoComplete: "new-password", autoCapitalize: "none", spellCheck: false, maxLength: PASSWORD_MAX_LENGTH } as const;

/** A password input; only the field keyed "password" gets the eye toggle (spec section 4). */
export default function PasswordField(props: FieldRendererProps) {
  const toggles = props.field.key === "password";
  return (
    <InputField
      {...props}
      input={PASSWORD_INPUT}
      {...(toggles ? { wrap: (id: string, render: (type?: string) => ReactElement) => <PasswordInput id={id} renderInput={render} /> } : {})}
    />
  );
}
