import { EMAIL_MAX_LENGTH } from "@pinjaman/domain/field-rules";
import type { FieldRendererProps } from "./field-props.ts";
import { InputField } from "./input-field.tsx";

const EMAIL_INPUT = { type: "email", inputMode: "email", autoComplete: "email", autoCapitalize: "none", spellCheck: false, maxLength: EMAIL_MAX_LENGTH } as const;

export default function EmailField(props: FieldRendererProps) {
  return <InputField {...props} input={EMAIL_INPUT} parse={(raw) => raw.trim()} />;
}
