import type { FieldValue, FlowStep, FlowValues } from "@pinjaman/contracts/flows";
import type { ReactNode } from "react";

/**
 * What a step template renderer gets (one per template, apps/web/app/steps/registry.tsx): the
 * step as the server sent it, its fields already rendered through the field registry, and the
 * few operations a template adds to them.
 */
export type StepRendererProps = {
  step: FlowStep;
  /** The step's fields, rendered generically. */
  fields: ReactNode;
  values: FlowValues;
  setValue(key: string, value: FieldValue): void;
  /** POST flow_progresses/{id}/actions; absent before the progress is stored. */
  runAction?(action: string): Promise<void>;
  busy: boolean;
};
