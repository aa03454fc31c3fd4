import type { FlowDefinition } from "./definition.ts";
import { alumakOnboarding } from "./definitions/alumak-onboarding.ts";
import { applicationCancellation } from "./definitions/application-cancellation.ts";
import { bniPayrollLoanPlusPayrollLoan } from "./definitions/bni-payroll-loan-plus-payroll-loan.ts";
import { bniPayrollLoanPlusPayrollLoanReturning } from "./definitions/bni-payroll-loan-plus-payroll-loan-returning.ts";
import { changePaymentChannel } from "./definitions/change-payment-channel.ts";
import { lenderOnboarding } from "./definitions/lender-onboarding.ts";
import { insuranceChoiceLenderAccount } from "./definitions/insurance-choice-lender-account.ts";
import { noFlowAvailable } from "./definitions/no-flow-available.ts";
import { profileChange } from "./definitions/profile-change.ts";
import { splOnboarding } from "./definitions/spl-onboarding.ts";
import { splReturning } from "./definitions/spl-returning.ts";
import { splReturningNtb } from "./definitions/spl-returning-ntb.ts";
import { voiceAiBizbaz } from "./definitions/voice-ai-bizbaz.ts";
import { consumerInstallmentLoan } from "./definitions/consumer-installment-loan.ts";
import { miniInstallmentLoan } from "./definitions/mini-installment-loan.ts";
import { noFlowAvailableV2 } from "./definitions/no-flow-available-v2.ts";
import { refinancing } from "./definitions/refinancing.ts";
import { repeatMultiProduct } from "./definitions/repeat-multi-product.ts";

/** Every flow the platform ships; loaded into the database at start (flow-catalogue.ts). */
export const FLOW_DEFINITIONS: readonly FlowDefinition[] = [
  splOnboarding,
  bniPayrollLoanPlusPayrollLoan,
  alumakOnboarding,
  profileChange,
  voiceAiBizbaz,
  changePaymentChannel,
  insuranceChoiceLenderAccount,
  applicationCancellation,
  splReturning,
  splReturningNtb,
  bniPayrollLoanPlusPayrollLoanReturning,
  noFlowAvailable,
  lenderOnboarding,
  // The remaining borrower flows (decision "borrower flow offers").
  consumerInstallmentLoan,
  miniInstallmentLoan,
  repeatMultiProduct,
  noFlowAvailableV2,
  refinancing,
];
