import { nextStatus } from "@pinjaman/domain/statuses/machine";
import { APPLICATION_MACHINE } from "@pinjaman/domain/statuses/tables";
import type { FlowDefinition } from "../definition.ts";
import { endStep, field, next, optional, options } from "./steps.ts";

/**
 * Application flow: the borrower withdraws an application, free of charge, while the status
 * table allows `cancel` (until the cooling-off deadline after funding; decision 0010).
 */
export const applicationCancellation: FlowDefinition = {
  key: "application_cancellation",
  name: "flows.flow.application_cancellation",
  audience: "account_application",
  applicationStatuses: {
    allowed: APPLICATION_MACHINE.statuses.filter((status) => nextStatus(APPLICATION_MACHINE, status, "cancel") !== null),
    code: "application_not_cancellable",
    refusal: "flows.error.application_not_cancellable",
  },
  completion: "application_cancellation",
  completedRedirect: "/profile",
  steps: [
    {
      key: "reason",
      template: "form",
      title: "flows.step.reason.title",
      description: "flows.step.reason.description",
      fields: [
        field("cancellation_reason", "select", { options: options("cancellation_reason", ["no_longer_needed", "amount_too_small", "found_other_lender", "other"]) }),
        optional(field("cancellation_note", "text")),
      ],
      movements: [next("done")],
    },
    { ...endStep(), title: "flows.step.cancellation_done.title", description: "flows.step.cancellation_done.description" },
  ],
};
