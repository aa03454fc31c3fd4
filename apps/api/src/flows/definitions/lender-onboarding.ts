import { SOURCES_OF_FUNDS, TAX_RESIDENCIES } from "@pinjaman/db/investment-schema";
import { LENDER_REGISTRATION_FLOW } from "@pinjaman/domain/variant";
import type { FieldDefinition, FlowDefinition, StepDefinition } from "../definition.ts";
import { accountStep, back, bankStep, endStep, field, next, optional, signatureStep } from "./steps.ts";

/** Texts of this flow live in the `lender` namespace (packages/i18n/src/id/lender.json). */
const lenderField = (key: string, templateKey: FieldDefinition["templateKey"], extra: Partial<FieldDefinition> = {}) =>
  field(key, templateKey, { label: `lender.field.${key}.label`, ...extra });

const choices = (group: string, values: readonly string[]) => values.map((value) => ({ value, label: `lender.option.${group}.${value}` }));

const titled = (step: StepDefinition, text: string): StepDefinition => ({
  ...step,
  title: `lender.step.${text}.title`,
  description: `lender.step.${text}.description`,
});

/** A statement to read to the end and accept (the terms template: scroll, then tick). */
const statementStep = (key: string, fieldKey: string, previous: string, nextStep: string): StepDefinition =>
  titled({ key, template: "form", title: "", fields: [lenderField(fieldKey, "terms", { config: { text: `lender.${key}.text`, agree: `lender.field.${fieldKey}.agree` } })], movements: [back(previous), next(nextStep)] }, key);

/**
 * An individual becomes a lender (issue 9 §1, decision 0022): account (a visitor only; a signed-in
 * customer — a borrower too — skips it and registers on the same customer), identity, declared
 * income and source of funds with tax residency, the OJK risk statement, the bank account for
 * withdrawals, the lender agreement signed with a one-time code. Completing it opens the
 * investment account, stores the lender profile and adds the lender role.
 */
export const lenderOnboarding: FlowDefinition = {
  key: LENDER_REGISTRATION_FLOW,
  name: "lender.flow.name",
  audience: "public",
  prefill: "known_customer",
  completion: "lender_registration",
  completedRedirect: "/profile",
  steps: [
    { ...titled(accountStep("identity", "identity"), "account"), movements: [next("identity")] },
    // After the account exists there is no way back to it.
    titled(
      {
        key: "identity",
        template: "form",
        title: "",
        fields: [
          lenderField("full_name", "text"),
          field("personal_code", "personal_code_input", { hint: "flows.field.personal_code.hint" }),
          optional(lenderField("npwp", "text", { hint: "lender.field.npwp.hint" })),
        ],
        movements: [next("finances")],
        checks: ["personal_data", "lender_data"],
      },
      "identity",
    ),
    titled(
      {
        key: "finances",
        template: "form",
        title: "",
        fields: [
          lenderField("annual_income", "text", { hint: "lender.field.annual_income.hint" }),
          lenderField("source_of_funds", "select", { options: choices("source_of_funds", SOURCES_OF_FUNDS) }),
          lenderField("tax_residency", "select", { options: choices("tax_residency", TAX_RESIDENCIES) }),
        ],
        movements: [back("identity"), next("risk")],
        checks: ["lender_data"],
      },
      "finances",
    ),
    statementStep("risk", "risk_statement", "finances", "bank"),
    titled(bankStep("risk", "agreement"), "bank"),
    statementStep("agreement", "lender_agreement", "bank", "signature"),
    signatureStep("agreement", "done"),
    titled(endStep(), "done"),
  ],
};
