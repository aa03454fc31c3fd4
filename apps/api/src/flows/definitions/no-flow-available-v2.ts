import type { FlowDefinition } from "../definition.ts";

/**
 * What a signed-in customer sees when none of the returning-customer flows (consumer, mini,
 * multi-product) is offered: the reason from the offer rule (the server fills it in) and the way
 * back to the profile. Like no_flow_available it has no movement: it cannot be started.
 */
export const noFlowAvailableV2: FlowDefinition = {
  key: "no_flow_available_v2",
  name: "borrower_flows.flow.no_flow_available_v2",
  audience: "customer",
  prefill: "no_flow_reason",
  completion: "none",
  completedRedirect: "/profile",
  steps: [{ key: "no_flow", template: "end_flow", title: "borrower_flows.step.no_flow.title", description: "borrower_flows.step.no_flow.description", fields: [], movements: [] }],
};
