import type { FieldConfig, FieldOption, FieldTemplateKey, StepTemplate } from "@pinjaman/contracts/flows";
import type { OfferedFlowKey } from "@pinjaman/domain/borrower-offers";

/**
 * Flows are data (DESIGN.md section 5): these types describe a definition as it is kept in the
 * repo and stored, frozen, as a flow version. Texts are catalogue keys of the `flows` namespace;
 * behaviour is named by keys (checks, entry actions, completions) that the engine looks up.
 */

export type FieldDefinition = {
  key: string;
  templateKey: FieldTemplateKey;
  /** Catalogue keys, resolved when a step is shown. */
  label: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
  readOnly?: boolean;
  /** Choices of a select or search dropdown; labels are catalogue keys. */
  options?: FieldOption[];
  /** A slider's allowed values come from the flow's product (loan amount or term). */
  range?: "loan_amount" | "loan_term";
  /** The initial value from the product's loan settings (default amount or term). */
  defaultFrom?: "loan_amount" | "loan_term";
  /** A fixed value the server sets (a text_link's document address). */
  value?: string;
  config?: FieldConfig;
};

/** A way out of a step: forward to `to` (a step key, or "complete" to finish the flow) or back. */
export type MovementDefinition = {
  id: string;
  label: string;
  direction: "forward" | "back";
  to: string;
};

/** Server-side checks run on a forward movement, after every field's own rules. */
export type StepCheckKey =
  | "new_account"
  | "personal_data"
  | "address"
  | "uploads"
  | "loan_request"
  | "signature_code"
  | "open_banking"
  | "business_data"
  | "bank_account"
  /** The lender flow's own answers: NPWP, the NIK a known customer already gave, declared income. */
  | "lender_data"
  /** A multi-product flow: the chosen product is one the customer is offered (borrower-offers.ts). */
  | "product_choice";

/** Server operations a step offers through POST flow_progresses/{id}/actions. */
export type StepActionKey = "send_signature_code" | "resend_signature_code" | "check_voice_recording";

export type StepDefinition = {
  key: string;
  template: StepTemplate;
  title: string;
  description?: string;
  fields: FieldDefinition[];
  movements: MovementDefinition[];
  checks?: StepCheckKey[];
  actions?: StepActionKey[];
  /** Run when a progress arrives on this step (sending the signing code). */
  onEnter?: StepActionKey;
};

/** What finishing the flow does, in one transaction with the last movement. */
export type CompletionKey =
  | "loan_application"
  | "returning_loan_application"
  | "profile_change"
  | "voice_recording"
  | "payment_channel"
  | "application_cancellation"
  /** A lender registers: investment account, lender profile and lender role (decision 0022). */
  | "lender_registration"
  /** The investment account's automatic insurance (decision 0024). */
  | "insurance_setting"
  /** A loan-account flow: a new loan whose disbursal pays the old loan off (modules/flows/refinancing.ts). */
  | "refinancing_application"
  /** An information page (no_flow_available): it has no movement and never completes. */
  | "none";

/** Completions that submit a loan application: their start is bound by the new-loan rule. */
export const LOAN_APPLICATION_COMPLETIONS: readonly CompletionKey[] = ["loan_application", "returning_loan_application"];

/** Completions that submit a priced offer (the calculator's amount and term), the new-loan ones and refinancing. */
export const PRICED_COMPLETIONS: readonly CompletionKey[] = [...LOAN_APPLICATION_COMPLETIONS, "refinancing_application"];

/**
 * Values the server fills in when a progress starts (decision 0018): what it knows of the
 * customer (profile and last application), or why the new-loan rule forbids a new loan.
 */
export type PrefillKey = "known_customer" | "new_loan_refusal" | "insurance_setting" | "no_flow_reason" | "refinancing";

export type FlowDefinition = {
  key: string;
  /** Catalogue key of the flow's name. */
  name: string;
  audience: "public" | "customer" | "account" | "account_application";
  /** Which accounts an `account` flow works on (`accounts.type_key`); loan unless said. */
  accountType?: "loan" | "investment";
  productKey?: string;
  steps: StepDefinition[];
  /** An application flow starts only on an application in one of these statuses; else 409 with `refusal` (a catalogue key). */
  applicationStatuses?: { allowed: string[]; code: string; refusal: string };
  completion: CompletionKey;
  prefill?: PrefillKey;
  /**
   * A flow offered by rule (packages/domain/src/borrower-offers.ts): it starts only for a customer
   * it is offered to, and its product's loan settings are narrowed to that customer's limits.
   */
  offer?: OfferedFlowKey;
  /** The product is the customer's choice (field product_key), not `productKey`. */
  productChoice?: boolean;
  /** Where the site goes after completion. */
  completedRedirect: string;
};
