import type { FieldTemplateKey, FieldValue, FormField } from "@pinjaman/contracts/flows";
import { useState, type ComponentType } from "react";
import { vi } from "vitest";
import type { FieldContext, FieldRendererProps } from "./field-props.ts";

/** Test helpers for the field renderers' component tests (not shipped: only tests import it). */

export function makeField(templateKey: FieldTemplateKey, extra: Partial<FormField> = {}): FormField {
  return {
    key: templateKey,
    label: `Label ${templateKey}`,
    hint: null,
    placeholder: null,
    readOnly: false,
    required: true,
    templateKey,
    rangeValues: null,
    options: null,
    current_value: null,
    hasErrors: false,
    errors: [],
    config: null,
    ...extra,
  };
}

export function makeContext(extra: Partial<FieldContext> = {}): FieldContext {
  return {
    flowProgressId: null,
    values: {},
    setValues: vi.fn(),
    setBlocking: vi.fn(),
    advance: vi.fn(),
    customerId: null,
    affiliate: "",
    onFilePresign: null,
    ...extra,
  };
}

/**
 * Renders a field the way the flow page does: it owns the value, every change is recorded in
 * `changes` and fed back as the new value.
 */
export function Harness({
  Renderer,
  field,
  initial = null,
  errors = [],
  context,
  changes,
}: {
  Renderer: ComponentType<FieldRendererProps>;
  field: FormField;
  initial?: FieldValue;
  errors?: string[];
  context: FieldContext;
  changes: FieldValue[];
}) {
  const [value, setValue] = useState<FieldValue>(initial);
  return (
    <Renderer
      field={field}
      value={value}
      errors={errors}
      disabled={false}
      context={context}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}
