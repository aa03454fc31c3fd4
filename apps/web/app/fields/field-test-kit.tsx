import type { FieldTemplateKey, FieldValue, FormField } from "@pinjaman/contracts/flows";
import { useState, type ComponentType } from "react";
import { vi } from "vitest";
import type { FieldContext, FieldRendererProps } from "./field-props.ts";

/** Test helpers for the field renderers' component tests (not shipped: only tests import it). */

/** A flow progress id for fields that need one (uploads, recordings, widgets). */
export const PROGRESS_ID = "0b8f5a52-0a6e-4d0c-9c55-7d3fb1d6c001";

/** The JSON value an upload field holds once its file is stored (what uploadFieldFile resolves to). */
export function uploadedValue(filename: string, mimeType: string, size: number): string {
  return JSON.stringify({ id: "u1", storage: "local", metadata: { size, filename, mime_type: mimeType } });
}

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
