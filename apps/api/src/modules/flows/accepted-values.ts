import { isTransientField, type FlowValues } from "@pinjaman/contracts/flows";
import { t } from "@pinjaman/i18n";
import type { StepDefinition } from "../../flows/definition.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import type { FieldMessages } from "./step-checks.ts";
import { holdsNoValue } from "./step-view.ts";

/** Only the current step's own fields that hold a typed value may be written. */
export function acceptedValues(step: StepDefinition, values: FlowValues): { stored: FlowValues; transient: FlowValues } {
  const stored: FlowValues = {};
  const transient: FlowValues = {};
  const unknown: FieldMessages = {};
  for (const [key, value] of Object.entries(values)) {
    const field = step.fields.find((f) => f.key === key);
    if (!field || field.readOnly || holdsNoValue(field)) {
      unknown[key] = [t("flows.error.field_not_on_step")];
      continue;
    }
    (isTransientField(field) ? transient : stored)[key] = value;
  }
  if (Object.keys(unknown).length > 0) throw new FieldErrors(unknown);
  return { stored, transient };
}
