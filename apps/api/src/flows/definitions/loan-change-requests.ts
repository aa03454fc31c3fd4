import { LOAN_CHANGE_EXTRA_MONTHS, LOAN_CHANGE_REASONS, RATE_RELIEF_PERCENTS } from "@pinjaman/domain/loan-changes";
import type { FieldDefinition, FlowDefinition } from "../definition.ts";
import { endStep, field, next, optional } from "./steps.ts";

/** A select whose option labels live in the borrower_flows catalogue (borrower_flows.option.<key>.<value>). */
const choice = (key: string, values: readonly (string | number)[]): FieldDefinition =>
  field(key, "select", {
    label: `borrower_flows.field.${key}.label`,
    options: values.map((value) => ({ value: String(value), label: `borrower_flows.option.${key}.${value}` })),
  });

const requestFields = (): FieldDefinition[] => [
  choice("extra_months", LOAN_CHANGE_EXTRA_MONTHS),
  choice("loan_change_reason", LOAN_CHANGE_REASONS),
  optional(field("loan_change_note", "text", { label: "borrower_flows.field.loan_change_note.label" })),
];

const done = { ...endStep(), description: "borrower_flows.step.loan_change_done.description" };

/**
 * Loan-account flows (decision 0027): the borrower asks for a longer tenor (reschedule) or, on a
 * loan in arrears, for relief (restructure: a longer tenor and a lower rate); staff decide in the
 * back office. Who is offered which: packages/domain/src/borrower-offers.ts (`loanChangeOffer`).
 */
export const rescheduleRequest: FlowDefinition = {
  key: "reschedule_request",
  name: "borrower_flows.flow.reschedule_request",
  audience: "account",
  offer: "reschedule_request",
  completion: "reschedule_request",
  completedRedirect: "/profile",
  steps: [
    {
      key: "loan_change",
      template: "form",
      title: "borrower_flows.step.reschedule_request.title",
      description: "borrower_flows.step.reschedule_request.description",
      fields: requestFields(),
      movements: [next("done")],
    },
    done,
  ],
};

export const restructureRequest: FlowDefinition = {
  key: "restructure_request",
  name: "borrower_flows.flow.restructure_request",
  audience: "account",
  offer: "restructure_request",
  completion: "restructure_request",
  completedRedirect: "/profile",
  steps: [
    {
      key: "loan_change",
      template: "form",
      title: "borrower_flows.step.restructure_request.title",
      description: "borrower_flows.step.restructure_request.description",
      fields: [...requestFields(), choice("rate_relief", RATE_RELIEF_PERCENTS)],
      movements: [next("done")],
    },
    done,
  ],
};
