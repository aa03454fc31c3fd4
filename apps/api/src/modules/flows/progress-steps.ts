import type { FlowDefinition, StepDefinition } from "../../flows/definition.ts";
import { findStep } from "../../flows/flow-catalogue.ts";
import type { Actor } from "./flow-engine.ts";

/** The step of a flow under `key`; a missing one is a bug of the catalogue. */
export function stepOf(definition: FlowDefinition, key: string): StepDefinition {
  const step = findStep(definition, key);
  if (!step) throw new Error(`step ${key} missing in ${definition.key}`);
  return step;
}

/** A logged-in customer skips the account step of an onboarding flow: they have one. */
function skipsStep(step: StepDefinition, customerId: string | null): boolean {
  return customerId !== null && (step.checks ?? []).includes("new_account");
}

function forwardTarget(step: StepDefinition): string | undefined {
  return step.movements.find((m) => m.direction === "forward")?.to;
}

/** The step a movement to `key` arrives at, past the steps this customer skips. */
export function arrive(definition: FlowDefinition, key: string, customerId: string | null): StepDefinition {
  let step = stepOf(definition, key);
  while (skipsStep(step, customerId)) step = stepOf(definition, forwardTarget(step) ?? step.key);
  return step;
}

/** The step a progress of this caller starts on. */
export function firstStep(definition: FlowDefinition, actor: Actor): StepDefinition {
  const first = definition.steps[0];
  if (!first) throw new Error(`flow ${definition.key} has no steps`);
  return arrive(definition, first.key, actor.caller?.customerId ?? null);
}
