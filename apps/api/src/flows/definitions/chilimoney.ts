import type { FlowDefinition } from "../definition.ts";
import { splWorkStep } from "./spl-onboarding.ts";
import { bankStep, confirming, onboardingSteps, returningSteps } from "./steps.ts";

/**
 * The ChiliMoney-branded flows (spec sections 2 and 6): a partner brand whose customers apply in
 * the platform's instalment loan (spl) without the platform's navbar, footer and chat. They are
 * the same data as spl's flows under the brand's keys, so the brand's pages and links work; the
 * lead-based subflow is the one a partner's lead opens (/leads/{id}), prefilled by the server.
 */
const brandedOnboarding = (key: string): FlowDefinition => ({
  key,
  name: `partners.flow.${key}`,
  audience: "public",
  productKey: "spl",
  completion: "loan_application",
  completedRedirect: "/profile",
  unlisted: true,
  steps: onboardingSteps(splWorkStep("address", "documents")),
});

export const chiliMoneyOnboarding = brandedOnboarding("chili_money_onboarding");
export const chilimoneySpl = brandedOnboarding("chilimoney_spl");
export const chilimoneyOnboarding = brandedOnboarding("chilimoney_onboarding");

/** A returning ChiliMoney customer's instalment loan: spl_returning's steps under the brand. */
export const installmentLoanChilimoneySubflow: FlowDefinition = {
  key: "installment_loan_chilimoney_subflow",
  name: "partners.flow.installment_loan_chilimoney_subflow",
  audience: "customer",
  productKey: "spl",
  prefill: "known_customer",
  unlisted: true,
  completion: "returning_loan_application",
  completedRedirect: "/profile",
  steps: returningSteps(confirming(splWorkStep("calculator", "bank"), "work_confirm"), confirming(bankStep("work", "contract"), "bank_confirm")),
};

/**
 * A partner's lead (issue 10 section 2): onboarding's steps, started only from a lead
 * (leads/{id}), whose data the server writes into the progress; it ends in a submitted
 * application whose flow_progress_id links it to the lead.
 */
export const installmentLoanChilimoneySubflowLeadBased: FlowDefinition = {
  ...brandedOnboarding("installment_loan_chilimoney_subflow_lead_based"),
  startsFrom: "lead",
};
