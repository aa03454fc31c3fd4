import type { FlowDefinition } from "../definition.ts";
import { payrollStep } from "./bni-payroll-loan-plus-payroll-loan.ts";
import { bankStep, confirming, returningSteps } from "./steps.ts";

/** The payroll product's returning variant (`{product}_plus_payroll_loan_returning`). */
export const bniPayrollLoanPlusPayrollLoanReturning: FlowDefinition = {
  key: "bni_payroll_loan_plus_payroll_loan_returning",
  name: "flows.flow.bni_payroll_loan_plus_payroll_loan_returning",
  audience: "customer",
  productKey: "bni_payroll_loan",
  prefill: "known_customer",
  completion: "returning_loan_application",
  completedRedirect: "/profile",
  steps: returningSteps(confirming(payrollStep("calculator", "bank"), "payroll_confirm"), confirming(bankStep("payroll", "contract"), "bank_confirm")),
};
