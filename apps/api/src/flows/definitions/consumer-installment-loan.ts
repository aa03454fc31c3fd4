import type { FlowDefinition } from "../definition.ts";
import { splWorkStep } from "./spl-onboarding.ts";
import { bankStep, confirming, returningSteps } from "./steps.ts";

/**
 * A returning customer with a clean history (borrower-offers.ts): the instalment loan, its amount
 * grown to twice the largest loan they repaid; their work and bank to confirm, the contract and
 * its signature. Completes like spl_returning: the same submission and automatic decision.
 */
export const consumerInstallmentLoan: FlowDefinition = {
  key: "consumer_installment_loan",
  name: "borrower_flows.flow.consumer_installment_loan",
  audience: "customer",
  productKey: "spl",
  offer: "consumer_installment_loan",
  prefill: "known_customer",
  completion: "returning_loan_application",
  completedRedirect: "/profile",
  steps: returningSteps(confirming(splWorkStep("calculator", "bank"), "work_confirm"), confirming(bankStep("work", "contract"), "bank_confirm")),
};
