import type { StepRendererProps } from "./step-props.ts";

/** The default template: the fields, nothing else. */
export default function FormStep({ fields }: StepRendererProps) {
  return <>{fields}</>;
}
