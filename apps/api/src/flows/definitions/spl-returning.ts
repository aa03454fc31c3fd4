import type { FlowDefinition } from "../definition.ts";
import { splWorkStep } from "./spl-onboarding.ts";
import { bankStep, confirming, returningSteps } from "./steps.ts";

/**
 * A returning spl customer (a loan of ours was disbursed to them, none is open): the loan, then
 * their work and bank account as we know them to confirm or update, the contract and signature.
 */
export const splReturning: FlowDefinition = {
  key: "spl_returning",
  name: "flows.flow.spl_returning",
  audience: "customer",
  productKey: "spl",
  prefill: "known_customer",
  completion: "returning_loan_application",
  completedRedirect: "/profile",
  steps: returningSteps(confirming(splWorkStep("calculator", "bank"), "work_confirm"), confirming(bankStep("work", "contract"), "bank_confirm")),
};
