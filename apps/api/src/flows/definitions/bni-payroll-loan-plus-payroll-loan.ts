import type { FlowDefinition, StepDefinition } from "../definition.ts";
import { back, field, next, onboardingSteps, options } from "./steps.ts";

/** The payroll step: the employer and employee number replace a stated income. */
export const payrollStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "payroll",
  template: "form",
  title: "flows.step.payroll.title",
  description: "flows.step.payroll.description",
  fields: [
    field("payroll_employer", "search_dropdown", { options: options("payroll_employer", ["bni", "bni_life", "bni_sekuritas", "bni_multifinance", "bni_ventures"]) }),
    field("employee_number", "text", { hint: "flows.field.employee_number.hint" }),
  ],
  movements: [back(previous), next(nextStep)],
});

/** Plus variant, payroll loan. */
export const bniPayrollLoanPlusPayrollLoan: FlowDefinition = {
  key: "bni_payroll_loan_plus_payroll_loan",
  name: "flows.flow.bni_payroll_loan_plus_payroll_loan",
  audience: "public",
  productKey: "bni_payroll_loan",
  completion: "loan_application",
  completedRedirect: "/profile",
  steps: onboardingSteps(payrollStep("address", "documents")),
};
