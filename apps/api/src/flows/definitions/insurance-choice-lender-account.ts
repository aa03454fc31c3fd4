import { INSURANCE_CHOICE_FLOW_KEY } from "@pinjaman/contracts/insurance";
import type { FlowDefinition } from "../definition.ts";
import { endStep, field, next, optional } from "./steps.ts";

/**
 * Investment-account flow (spec sections 3 and 7): the lender turns automatic insurance of new
 * investments on or off. The first field's current_value is the account's setting
 * (`automatic_insurance_investor`); completing stores it (decision 0024). Investments made
 * before keep the cover they were made with.
 */
export const insuranceChoiceLenderAccount: FlowDefinition = {
  key: INSURANCE_CHOICE_FLOW_KEY,
  name: "flows.flow.insurance_choice_lender_account",
  audience: "account",
  accountType: "investment",
  prefill: "insurance_setting",
  completion: "insurance_setting",
  completedRedirect: "/profile",
  steps: [
    {
      key: "insurance",
      template: "form",
      title: "flows.step.insurance.title",
      description: "flows.step.insurance.description",
      fields: [optional(field("automatic_insurance_investor", "checkbox", { hint: "flows.field.automatic_insurance_investor.hint" }))],
      movements: [next("done")],
    },
    endStep(),
  ],
};
