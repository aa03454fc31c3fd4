import type { FlowDefinition } from "../definition.ts";
import { addressFields, endStep, field, next, optional } from "./steps.ts";

/** A customer updates their phone number and home address. */
export const profileChange: FlowDefinition = {
  key: "profile_change",
  name: "flows.flow.profile_change",
  audience: "customer",
  completion: "profile_change",
  completedRedirect: "/profile",
  steps: [
    {
      key: "contact",
      template: "form",
      title: "flows.step.contact.title",
      description: "flows.step.contact.description",
      fields: [field("phone", "phone", { hint: "flows.field.phone.hint" }), ...addressFields(), optional(field("rt_rw", "text"))],
      movements: [next("done")],
      checks: ["address"],
    },
    endStep(),
  ],
};
