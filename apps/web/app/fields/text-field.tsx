import { TEXT_MAX_LENGTH } from "@pinjaman/domain/field-rules";
import type { FieldRendererProps } from "./field-props.ts";
import { InputField } from "./input-field.tsx";

export default function TextField(props: FieldRendererProps) {
  return <InputField {...props} input={{ type: "text", maxLength: TEXT_MAX_LENGTH }} />;
}
