import type { FieldRendererProps } from "./field-props.ts";
import { InputField } from "./input-field.tsx";

/** A native date input: the browser's picker, and the value is already yyyy-mm-dd. */
export default function DateField(props: FieldRendererProps) {
  return <InputField {...props} field={{ ...props.field, placeholder: null }} input={{ type: "date" }} parse={(raw) => (raw === "" ? null : raw)} />;
}
