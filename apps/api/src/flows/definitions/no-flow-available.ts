import type { FlowDefinition } from "../definition.ts";

/**
 * What a signed-in customer sees on applying while the new-loan rule forbids a new loan: why
 * (the server fills the reason in) and the way to their profile. No movement: nothing to submit.
 */
export const noFlowAvailable: FlowDefinition = {
  key: "no_flow_available",
  name: "flows.flow.no_flow_available",
  audience: "customer",
  prefill: "new_loan_refusal",
  completion: "none",
  completedRedirect: "/profile",
  steps: [{ key: "no_flow", template: "end_flow", title: "flows.step.no_flow.title", description: "flows.step.no_flow.description", fields: [], movements: [] }],
};
