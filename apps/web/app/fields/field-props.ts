import type { FieldValue, FlowValues, FormField } from "@pinjaman/contracts/flows";
import type { PresignHandler } from "@pinjaman/contracts/uploads";

/**
 * What every field renderer gets (one renderer per templateKey, apps/web/app/fields/registry.ts).
 * A renderer shows the field's label, hint and errors through FieldFrame and reports changes with
 * onChange; the flow page owns the values and sends them to the server.
 */
export type FieldRendererProps = {
  field: FormField;
  value: FieldValue;
  onChange(value: FieldValue): void;
  /** Messages to show under the field, joined with a comma (spec section 5). */
  errors: readonly string[];
  /** True while the step is being sent, or when a parent rule (address chain) disables it. */
  disabled: boolean;
  context: FieldContext;
};

export type FieldContext = {
  /** The progress the field belongs to (uploads and the open-banking widget need it); null in a preview. */
  flowProgressId: string | null;
  /** Every value of the current step, for fields that depend on others (the address chain). */
  values: FlowValues;
  /** Sets several values at once (a parent change clearing its dependents). */
  setValues(values: FlowValues): void;
  /** A field that must hold the step back (NIK under 25, terms not read, delayed button) says so here. */
  setBlocking(fieldKey: string, blocking: boolean): void;
  /** Moves the flow forward (the open-banking widget on "finished"). */
  advance(): void;
  customerId: string | null;
  /** The affiliate code stored at client start (session store). */
  affiliate: string;
  /** Presigns a file upload; null where uploads are not configured (camera fails 'onFilePresign not configured!'). */
  onFilePresign: PresignHandler | null;
  /**
   * Runs one of the step's server actions (POST flow_progresses/{id}/actions) and resolves once it
   * is done; rejects when it fails. The resend-code field calls it with its own key, so a step
   * names that field after its resend action. Absent in a preview.
   */
  runAction?(action: string): Promise<void>;
};
