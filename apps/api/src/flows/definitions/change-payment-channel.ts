import type { FlowDefinition } from "../definition.ts";
import { VIRTUAL_ACCOUNT_CHANNELS } from "@pinjaman/domain/virtual-accounts";
import { endStep, field, next, options } from "./steps.ts";

/**
 * Loan-account flow: the channel the borrower pays instalments through, one of the channels the
 * loan has a virtual account on (decision 0012; completion refuses a channel not opened).
 */
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
      fields: [field("payment_channel", "select", { options: options("payment_channel", VIRTUAL_ACCOUNT_CHANNELS) })],
      movements: [next("done")],
    },
    endStep(),
  ],
};
