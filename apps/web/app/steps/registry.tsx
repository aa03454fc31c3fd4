import type { StepTemplate } from "@pinjaman/contracts/flows";
import type { ComponentType } from "react";
import CalculatorStep from "./calculator-step.tsx";
import ContractStep from "./contract-step.tsx";
import EndFlowStep from "./end-flow-step.tsx";
import FormStep from "./form-step.tsx";
import PaymentOptionStep from "./payment-option-step.tsx";
import SignatureStep from "./signature-step.tsx";
import type { StepRendererProps } from "./step-props.ts";
import TestApiBlockStep from "./test-api-block-step.tsx";

/** One renderer per step template (spec section 2 "Flow templates"). */
export const STEP_RENDERERS: Readonly<Record<StepTemplate, ComponentType<StepRendererProps>>> = {
  form: FormStep,
  calculator: CalculatorStep,
  peruri_signature: SignatureStep,
  contract_agreement_test: ContractStep,
  payment_option: PaymentOptionStep,
  test_api_block: TestApiBlockStep,
  end_flow: EndFlowStep,
};
