import type { FlowDefinition } from "../definition.ts";
import { bankStep, calculatorStep, confirming, contractStep, endStep, signatureStep } from "./steps.ts";

/**
 * Loan-account flow: a new loan on the old loan's product whose disbursal first pays the old loan
 * off (its payoff, decision 0013), the rest to the borrower's bank account. The calculator's
 * smallest amount covers the payoff (borrower-offers.ts); the step shows the payoff and the rest.
 */
export const refinancing: FlowDefinition = {
  key: "refinancing",
  name: "borrower_flows.flow.refinancing",
  audience: "account",
  productChoice: true,
  offer: "refinancing",
  prefill: "refinancing",
  completion: "refinancing_application",
  completedRedirect: "/profile",
  steps: [
    { ...calculatorStep("bank"), title: "borrower_flows.step.refinancing_calculator.title", description: "borrower_flows.step.refinancing_calculator.description" },
    confirming(bankStep("calculator", "contract"), "bank_confirm"),
    contractStep("bank", "signature"),
    signatureStep("contract", "done"),
    { ...endStep(), description: "borrower_flows.step.refinancing_done.description" },
  ],
};
