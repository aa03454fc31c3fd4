import type { FlowDefinition } from "../definition.ts";
import { splWorkStep } from "./spl-onboarding.ts";
import { back, bankStep, calculatorStep, confirming, contractStep, endStep, field, next, options, signatureStep } from "./steps.ts";

/** Every product a multi-product customer might be offered; the step check keeps only theirs. */
export const MULTI_PRODUCT_KEYS = ["spl", "bni_payroll_loan", "alumak"] as const;

/**
 * A loaded customer (two loans repaid, never late; borrower-offers.ts) chooses the product first,
 * then its amount and term within that product's own settings, confirms work and bank, signs.
 */
export const repeatMultiProduct: FlowDefinition = {
  key: "repeat_multi_product",
  name: "borrower_flows.flow.repeat_multi_product",
  audience: "customer",
  productChoice: true,
  offer: "repeat_multi_product",
  prefill: "known_customer",
  completion: "returning_loan_application",
  completedRedirect: "/profile",
  steps: [
    {
      key: "product",
      template: "form",
      title: "borrower_flows.step.product.title",
      description: "borrower_flows.step.product.description",
      fields: [field("product_key", "select", { label: "borrower_flows.field.product_key.label", options: options("product", MULTI_PRODUCT_KEYS).map((o) => ({ ...o, label: `borrower_flows.option.product.${o.value}` })) })],
      movements: [next("calculator")],
      checks: ["product_choice"],
    },
    { ...calculatorStep("work"), movements: [back("product"), next("work")] },
    confirming(splWorkStep("calculator", "bank"), "work_confirm"),
    confirming(bankStep("work", "contract"), "bank_confirm"),
    contractStep("bank", "signature"),
    signatureStep("contract", "done"),
    endStep(),
  ],
};
