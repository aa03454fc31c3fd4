import type { FlowDefinition } from "../definition.ts";
import { splWorkStep } from "./spl-onboarding.ts";
import { newToBankSteps } from "./steps.ts";

/**
 * A signed-in customer new to bank (no loan of ours was ever disbursed to them: a lender, or a
 * borrower whose applications were rejected or cancelled): onboarding's KYC steps without the
 * account step, prefilled with what their profile holds.
 */
export const splReturningNtb: FlowDefinition = {
  key: "spl_returning_ntb",
  name: "flows.flow.spl_returning_ntb",
  audience: "customer",
  productKey: "spl",
  prefill: "known_customer",
  completion: "loan_application",
  completedRedirect: "/profile",
  steps: newToBankSteps(splWorkStep("address", "documents")),
};
