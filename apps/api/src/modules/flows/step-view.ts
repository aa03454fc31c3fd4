import { isTransientField, VALUELESS_TEMPLATE_KEYS, type FieldValue, type FlowStep, type FlowValues, type FormField } from "@pinjaman/contracts/flows";
import type { PublicProduct } from "@pinjaman/contracts/site";
import { rangeValues } from "@pinjaman/domain/loan-settings";
import { t } from "@pinjaman/i18n";
import type { FieldDefinition, FlowDefinition, StepDefinition } from "../../flows/definition.ts";
import "@pinjaman/i18n/ns/flows";

/** What a step's rendering needs beyond its definition, gathered by the service. */
export type StepViewContext = {
  product: PublicProduct | null;
  /** Labels of chosen values that are codes (address chain): shown as the field's one option. */
  labels: Record<string, string>;
  /** Template data computed for this step (contract text, signature state, check result). */
  data: Record<string, unknown> | null;
  /** The option values this customer may choose, by field key (a multi-product customer's products); other fields show all. */
  choices?: Record<string, readonly string[]>;
};

/** Fields that hold no value a person types (buttons, countdowns, a link the server sets). */
export function holdsNoValue(field: Pick<FieldDefinition, "templateKey">): boolean {
  return VALUELESS_TEMPLATE_KEYS.includes(field.templateKey);
}

function optionalText(key: string | undefined): string | null {
  return key ? t(key) : null;
}

export function fieldRange(field: FieldDefinition, product: PublicProduct | null): number[] | null {
  if (!field.range || !product) return null;
  const s = product.loanSettings;
  return field.range === "loan_amount" ? rangeValues(s.min_amount, s.max_amount, s.amount_step) : rangeValues(s.min_term, s.max_term, s.term_step);
}

export function fieldDefault(field: FieldDefinition, product: PublicProduct | null): FieldValue {
  if (field.value !== undefined) return field.value;
  if (field.defaultFrom && product) return field.defaultFrom === "loan_amount" ? product.loanSettings.default_amount : product.loanSettings.default_term;
  if (field.templateKey === "checkbox" || field.templateKey === "terms") return false;
  return null;
}

function renderField(field: FieldDefinition, values: FlowValues, errors: Record<string, string[]>, ctx: StepViewContext): FormField {
  const value = isTransientField(field) ? null : field.value !== undefined ? field.value : (values[field.key] ?? fieldDefault(field, ctx.product));
  const fieldErrors = errors[field.key] ?? [];
  const label = ctx.labels[field.key];
  const allowed = ctx.choices?.[field.key];
  const options = field.options
    ? field.options.filter((o) => !allowed || allowed.includes(o.value)).map((o) => ({ value: o.value, label: t(o.label) }))
    : typeof value === "string" && label !== undefined
      ? [{ value, label }]
      : null;
  const config = field.config
    ? { ...field.config, ...(field.config.text ? { text: t(field.config.text) } : {}), ...(field.config.agree ? { agree: t(field.config.agree) } : {}) }
    : null;
  return {
    key: field.key,
    label: t(field.label),
    hint: optionalText(field.hint),
    placeholder: optionalText(field.placeholder),
    readOnly: field.readOnly ?? false,
    required: field.required ?? false,
    templateKey: field.templateKey,
    rangeValues: fieldRange(field, ctx.product),
    options,
    current_value: value,
    hasErrors: fieldErrors.length > 0,
    errors: fieldErrors,
    config,
  };
}

export function renderStep(
  flow: FlowDefinition,
  step: StepDefinition,
  values: FlowValues,
  errors: Record<string, string[]>,
  ctx: StepViewContext,
): FlowStep {
  const calculatorData =
    step.template === "calculator" && ctx.product ? { product_key: ctx.product.key, product_name: ctx.product.name, loan_settings: ctx.product.loanSettings } : {};
  const data = { ...calculatorData, ...(step.template === "end_flow" ? { redirect: flow.completedRedirect } : {}), ...(ctx.data ?? {}) };
  return {
    key: step.key,
    template: step.template,
    title: t(step.title),
    description: optionalText(step.description),
    fields: step.fields.map((f) => renderField(f, values, errors, ctx)),
    movements: step.movements.map((m) => ({ id: m.id, label: t(m.label), direction: m.direction })),
    actions: (step.actions ?? []).map((key) => ({ key, label: t(`flows.action.${key}`) })),
    data: Object.keys(data).length > 0 ? data : null,
  };
}
