import type { FlowDefinition } from "../definition.ts";
import { endStep, field, next, options } from "./steps.ts";

export const PAYMENT_CHANNELS = ["bca_va", "bni_va", "bri_va", "mandiri_va", "permata_va", "alfamart", "indomaret"] as const;

/** Loan-account flow: the channel the borrower pays instalments through. */
export const changePaymentChannel: FlowDefinition = {
  key: "change_payment_channel",
  name: "flows.flow.change_payment_channel",
  audience: "account",
  completion: "payment_channel",
  completedRedirect: "/profile",
  steps: [
    {
      key: "payment",
      template: "payment_option",
      title: "flows.step.payment.title",
      description: "flows.step.payment.description",
      fields: [field("payment_channel", "select", { options: options("payment_channel", PAYMENT_CHANNELS) })],
      movements: [next("done")],
    },
    endStep(),
  ],
};
