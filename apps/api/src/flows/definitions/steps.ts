import { BANK_CODES } from "@pinjaman/domain/field-rules/bank-account";
import type { FieldConfig, FieldOption, FieldTemplateKey } from "@pinjaman/contracts/flows";
import type { FieldDefinition, MovementDefinition, StepDefinition } from "../definition.ts";

/**
 * Building blocks the flow definitions share: the onboarding steps differ between products only
 * in the work step, so each step is written once here and composed in the flow files.
 */

export function field(key: string, templateKey: FieldTemplateKey, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { key, templateKey, label: `flows.field.${key}.label`, required: true, ...extra };
}

export function optional(definition: FieldDefinition): FieldDefinition {
  return { ...definition, required: false };
}

/** Options whose labels are catalogue keys flows.option.<group>.<value>. */
export function options(group: string, values: readonly string[]): FieldOption[] {
  return values.map((value) => ({ value, label: `flows.option.${group}.${value}` }));
}

/**
 * Other online lenders the applicant still pays (OJK: at most 3 platforms including ours;
 * instalments within the income ratio), read by the automatic decision (decision 0010).
 * Values match packages/domain/src/decision/kyc-answers.ts.
 */
export function otherPlatformFields(): FieldDefinition[] {
  return [
    field("other_platforms_count", "select", { options: options("other_platforms_count", ["0", "1", "2", "3", "4_or_more"]) }),
    field("other_platforms_instalment", "select", { options: options("other_platforms_instalment", ["none", "below_1m", "1m_3m", "3m_5m", "above_5m"]) }),
  ];
}

export function next(to: string): MovementDefinition {
  return { id: "next", label: "flows.movement.continue", direction: "forward", to };
}

export function back(to: string): MovementDefinition {
  return { id: "back", label: "flows.movement.back", direction: "back", to };
}

const PHOTO: FieldConfig = { accept: ["image/jpeg", "image/png"], max_size: 10 * 1024 * 1024 };

export const calculatorStep = (nextStep: string): StepDefinition => ({
  key: "calculator",
  template: "calculator",
  title: "flows.step.calculator.title",
  description: "flows.step.calculator.description",
  fields: [
    field("amount", "slider", { range: "loan_amount", defaultFrom: "loan_amount", config: { unit: "rupiah" } }),
    field("term", "slider", { range: "loan_term", defaultFrom: "loan_term", config: { unit: "bulan" } }),
  ],
  movements: [next(nextStep)],
  checks: ["loan_request"],
});

export const accountStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "account",
  template: "form",
  title: "flows.step.account.title",
  description: "flows.step.account.description",
  fields: [
    field("email", "email", { placeholder: "flows.field.email.placeholder" }),
    field("phone", "phone", { hint: "flows.field.phone.hint" }),
    field("password", "password", { hint: "flows.field.password.hint" }),
  ],
  movements: [back(previous), next(nextStep)],
  checks: ["new_account"],
});

/**
 * After the account exists there is no way back to it: after the account step the step has no
 * back movement (`previous` null); a signed-in customer's flow goes back to the loan.
 */
export const personalStep = (previous: string | null, nextStep: string): StepDefinition => ({
  key: "personal",
  template: "form",
  title: "flows.step.personal.title",
  fields: [
    field("full_name", "text", { hint: "flows.field.full_name.hint" }),
    field("personal_code", "personal_code_input", { hint: "flows.field.personal_code.hint" }),
    field("birth_place", "text"),
    field("birth_date", "date"),
    field("gender", "select", { options: options("gender", ["male", "female"]) }),
    field("marital_status", "select", { options: options("marital_status", ["single", "married", "divorced", "widowed"]) }),
    field("education", "select", { options: options("education", ["sd", "smp", "sma", "diploma", "s1", "s2"]) }),
    field("mother_maiden_name", "text"),
  ],
  movements: previous ? [back(previous), next(nextStep)] : [next(nextStep)],
  checks: ["personal_data"],
});

/** The address chain; `prefix` names a second address in the same flow (business_). */
export function addressFields(prefix = ""): FieldDefinition[] {
  const chain = ["region", "city", "district", "subdistrict", "postal_code"] as const;
  return [
    ...chain.map((type) => field(`${prefix}${type}`, "address", { label: `flows.field.${type}.label`, config: { address_type: type } })),
    field(`${prefix}street`, "text", { label: "flows.field.street.label", placeholder: "flows.field.street.placeholder" }),
  ];
}

export const addressStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "address",
  template: "form",
  title: "flows.step.address.title",
  description: "flows.step.address.description",
  fields: [...addressFields(), optional(field("rt_rw", "text", { placeholder: "flows.field.rt_rw.placeholder" }))],
  movements: [back(previous), next(nextStep)],
  checks: ["address"],
});

export const documentsStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "documents",
  template: "form",
  title: "flows.step.documents.title",
  description: "flows.step.documents.description",
  fields: [
    field("ktp_photo", "camera_rear", { hint: "flows.field.ktp_photo.hint", config: PHOTO }),
    field("selfie_photo", "camera_front", { hint: "flows.field.selfie_photo.hint", config: PHOTO }),
  ],
  movements: [back(previous), next(nextStep)],
  checks: ["uploads"],
});

/** The banks the bank step offers (the refund of a parked payment offers the same list). */
export const BANKS = BANK_CODES;

export const bankStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "bank",
  template: "form",
  title: "flows.step.bank.title",
  description: "flows.step.bank.description",
  fields: [
    field("bank_code", "search_dropdown", { options: options("bank", BANKS) }),
    field("bank_account_number", "text", { hint: "flows.field.bank_account_number.hint" }),
    field("bank_account_holder", "text", { hint: "flows.field.bank_account_holder.hint" }),
  ],
  movements: [back(previous), next(nextStep)],
  checks: ["bank_account"],
});

export const termsStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "terms",
  template: "form",
  title: "flows.step.terms.title",
  fields: [
    field("terms", "terms", { config: { text: "flows.terms.text" } }),
    optional(field("terms_document", "text_link", { value: "/syarat-dan-ketentuan" })),
    optional(field("geolocation", "geolocation")),
    optional(field("affiliate", "customer_affiliate")),
  ],
  movements: [back(previous), next(nextStep)],
});

export const contractStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "contract",
  template: "contract_agreement_test",
  title: "flows.step.contract.title",
  description: "flows.step.contract.description",
  fields: [field("agreement", "checkbox")],
  movements: [back(previous), next(nextStep)],
});

export const signatureStep = (previous: string, nextStep: string): StepDefinition => ({
  key: "signature",
  template: "peruri_signature",
  title: "flows.step.signature.title",
  description: "flows.step.signature.description",
  fields: [field("signature_code", "text", { placeholder: "flows.field.signature_code.placeholder" }), optional(field("resend_signature_code", "resend_code", { label: "flows.field.resend_code.label" }))],
  movements: [back(previous), { id: "next", label: "flows.movement.sign", direction: "forward", to: nextStep }],
  checks: ["signature_code"],
  actions: ["send_signature_code", "resend_signature_code"],
  onEnter: "send_signature_code",
});

export const endStep = (): StepDefinition => ({
  key: "done",
  template: "end_flow",
  title: "flows.step.done.title",
  description: "flows.step.done.description",
  fields: [],
  movements: [],
});

type WorkSteps = [StepDefinition, ...StepDefinition[]];

function loanSteps(withAccount: boolean, workSteps: WorkSteps): StepDefinition[] {
  const lastWorkStep = workSteps[workSteps.length - 1] ?? workSteps[0];
  return [
    calculatorStep(withAccount ? "account" : "personal"),
    ...(withAccount ? [accountStep("calculator", "personal")] : []),
    personalStep(withAccount ? null : "calculator", "address"),
    addressStep("personal", workSteps[0].key),
    ...workSteps,
    documentsStep(lastWorkStep.key, "bank"),
    bankStep("documents", "terms"),
    termsStep("bank", "contract"),
    contractStep("terms", "signature"),
    signatureStep("contract", "done"),
    endStep(),
  ];
}

/** Onboarding: the same steps for every product, with the product's own work steps after the address. */
export function onboardingSteps(...workSteps: WorkSteps): StepDefinition[] {
  return loanSteps(true, workSteps);
}

/** A signed-in customer new to bank (decision 0018): onboarding's KYC steps without the account step. */
export function newToBankSteps(...workSteps: WorkSteps): StepDefinition[] {
  return loanSteps(false, workSteps);
}

/**
 * A returning customer (decision 0018): the loan, the known data to confirm (prefilled by the
 * server), the contract and its signature. `confirmSteps` lead from the calculator to the contract.
 */
export function returningSteps(...confirmSteps: WorkSteps): StepDefinition[] {
  const last = confirmSteps[confirmSteps.length - 1] ?? confirmSteps[0];
  return [calculatorStep(confirmSteps[0].key), ...confirmSteps, contractStep(last.key, "signature"), signatureStep("contract", "done"), endStep()];
}

/** A step shown again to confirm what we know: the same fields under a "check" title. */
export function confirming(step: StepDefinition, text: string): StepDefinition {
  return { ...step, title: `flows.step.${text}.title`, description: `flows.step.${text}.description` };
}
