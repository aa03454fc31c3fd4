import type { FlowDefinition } from "../definition.ts";
import { splWorkStep } from "./spl-onboarding.ts";
import { bankStep, confirming, returningSteps } from "./steps.ts";

/**
 * A returning customer who was late once (borrower-offers.ts): a small instalment loan (at most
 * Rp 2.000.000 over 3 months) to rebuild their history; the same steps and submission as the
 * consumer loan.
 */
export const miniInstallmentLoan: FlowDefinition = {
  key: "mini_installment_loan",
  name: "borrower_flows.flow.mini_installment_loan",
  audience: "customer",
  productKey: "spl",
  offer: "mini_installment_loan",
  prefill: "known_customer",
  completion: "returning_loan_application",
  completedRedirect: "/profile",
  steps: returningSteps(confirming(splWorkStep("calculator", "bank"), "work_confirm"), confirming(bankStep("work", "contract"), "bank_confirm")),
};
