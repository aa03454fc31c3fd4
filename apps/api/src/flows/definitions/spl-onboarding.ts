import type { FlowDefinition, StepDefinition } from "../definition.ts";
import { back, field, next, onboardingSteps, options, otherPlatformFields } from "./steps.ts";

/** The spl work step: employment, income and other online loans (read by the automatic decision). */
export const splWorkStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "work",
  template: "form",
  title: "flows.step.work.title",
  fields: [
    field("employment_type", "select", { options: options("employment_type", ["employee", "civil_servant", "self_employed", "entrepreneur", "freelancer"]) }),
    field("employer_name", "text"),
    field("monthly_income", "select", { options: options("monthly_income", ["below_3m", "3m_5m", "5m_10m", "10m_20m", "above_20m"]) }),
    ...otherPlatformFields(),
  ],
  movements: [back(previous), next(nextStep)],
});

/** Default product (spl): instalment loan for employees and the self-employed. */
export const splOnboarding: FlowDefinition = {
  key: "spl_onboarding",
  name: "flows.flow.spl_onboarding",
  audience: "public",
  productKey: "spl",
  completion: "loan_application",
  completedRedirect: "/profile",
  steps: onboardingSteps(splWorkStep("address", "documents")),
};
