import { ADDRESS_TYPES } from "@pinjaman/domain/address-filter";
import { z } from "zod";
import { issuedSessionInfo } from "./auth.ts";

/**
 * The flow engine's shapes (spec sections 3 and 7, DESIGN.md section 5). The server owns steps,
 * fields, validation and errors; the site renders a step generically by templateKey.
 */

export const FIELD_TEMPLATE_KEYS = [
  "text",
  "email",
  "password",
  "phone",
  "personal_code_input",
  "date",
  "select",
  "search_dropdown",
  "slider",
  "checkbox",
  "terms",
  "text_link",
  "camera_front",
  "camera_rear",
  "file_upload",
  "geolocation",
  "customer_affiliate",
  "delayed_button",
  "resend_code",
  "voice_recording",
  "open_banking",
  "address",
] as const;
export const fieldTemplateKey = z.enum(FIELD_TEMPLATE_KEYS);

export { isTransientField, VALUELESS_TEMPLATE_KEYS } from "./flow-fields.ts";
export type FieldTemplateKey = z.infer<typeof fieldTemplateKey>;

export const STEP_TEMPLATES = ["form", "calculator", "peruri_signature", "contract_agreement_test", "payment_option", "test_api_block", "end_flow"] as const;
export const stepTemplate = z.enum(STEP_TEMPLATES);
export type StepTemplate = z.infer<typeof stepTemplate>;

export const addressType = z.enum(ADDRESS_TYPES);

/** A value as stored in a progress: files and structured values travel as JSON strings. */
export const fieldValue = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof fieldValue>;

export const fieldOption = z.object({ value: z.string(), label: z.string() });
export type FieldOption = z.infer<typeof fieldOption>;

/** Template-specific settings of a field; only the ones its template reads are set. */
export const fieldConfig = z.object({
  /** address: which level of the chain this field is. */
  address_type: addressType.optional(),
  /** slider: unit shown with the value ("Rp" prefix for money, "bulan" suffix for terms). */
  unit: z.enum(["rupiah", "bulan", "hari"]).optional(),
  /** file_upload / camera: accepted MIME types and the size limit in bytes. */
  accept: z.array(z.string()).optional(),
  max_size: z.number().int().optional(),
  /** delayed_button / resend_code / voice_recording: how long to wait or record, in ms. */
  duration_ms: z.number().int().optional(),
  /** open_banking: the provider the widget talks to. */
  provider: z.string().optional(),
  /** terms: the text the customer must scroll through. */
  text: z.string().optional(),
  /** terms: the sentence beside the agree box, when not the general terms' one. */
  agree: z.string().optional(),
});
export type FieldConfig = z.infer<typeof fieldConfig>;

/** Spec section 3 "Form field definition". */
export const formField = z.object({
  key: z.string(),
  label: z.string(),
  hint: z.string().nullable(),
  placeholder: z.string().nullable(),
  readOnly: z.boolean(),
  required: z.boolean(),
  templateKey: fieldTemplateKey,
  rangeValues: z.array(z.number()).nullable(),
  options: z.array(fieldOption).nullable(),
  current_value: fieldValue,
  hasErrors: z.boolean(),
  errors: z.array(z.string()),
  config: fieldConfig.nullable(),
});
export type FormField = z.infer<typeof formField>;

export const flowMovement = z.object({
  id: z.string(),
  label: z.string(),
  direction: z.enum(["forward", "back"]),
});
export type FlowMovement = z.infer<typeof flowMovement>;

export const flowAction = z.object({ key: z.string(), label: z.string() });

export const flowStep = z.object({
  key: z.string(),
  template: stepTemplate,
  title: z.string(),
  description: z.string().nullable(),
  fields: z.array(formField),
  movements: z.array(flowMovement),
  actions: z.array(flowAction),
  /** Data a step template needs beyond fields (calculator settings, contract text, signature id). */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type FlowStep = z.infer<typeof flowStep>;

export const flowSummary = z.object({
  key: z.string(),
  name: z.string(),
  audience: z.enum(["public", "customer", "account", "account_application"]),
  product_key: z.string().nullable(),
});
export type FlowSummary = z.infer<typeof flowSummary>;

export const flowProgressStatus = z.enum(["in_progress", "completed", "cancelled", "expired"]);

/** Spec section 3 "Flow progress": id, flow_version_id, flow.key, plus the current step. */
export const flowProgressView = z.object({
  id: z.string(),
  flow_version_id: z.string(),
  flow: flowSummary,
  status: flowProgressStatus,
  step_index: z.number().int(),
  steps_count: z.number().int(),
  step: flowStep,
  expires_at: z.string(),
  /** Where the site goes once the flow is completed ("/profile" after onboarding). */
  completed_redirect: z.string().nullable(),
});
export type FlowProgressView = z.infer<typeof flowProgressView>;

/** GET …/flow_progresses/new and …/preview: the flow's first step before anything is stored. */
export const flowProgressNew = z.object({
  flow_version_id: z.string(),
  flow: flowSummary,
  steps_count: z.number().int(),
  step: flowStep,
});
export type FlowProgressNew = z.infer<typeof flowProgressNew>;

export const flowKeyParams = z.object({ key: z.string().regex(/^[a-z0-9_]{1,80}$/) });
export const flowProgressParams = z.object({ id: z.uuid() });
export const flowMoveParams = z.object({ id: z.uuid(), movementId: z.string().min(1).max(80) });
export const accountFlowParams = z.object({ id: z.uuid(), key: z.string().regex(/^[a-z0-9_]{1,80}$/) });
export const applicationFlowParams = z.object({ id: z.uuid(), flowKey: z.string().regex(/^[a-z0-9_]{1,80}$/) });

export const flowValues = z.record(z.string().max(80), fieldValue);
export type FlowValues = z.infer<typeof flowValues>;

/** POST flows/{key}/flow_progresses: start options and any first-step values. */
export const createFlowProgressRequest = z.object({
  data: z.object({
    flow_version_id: z.uuid().optional(),
    values: flowValues.optional(),
  }),
});
export type CreateFlowProgressRequest = z.infer<typeof createFlowProgressRequest>;

/** PATCH flow_progresses/{id}: saves values of the current step (not validated beyond shape). */
export const saveFlowProgressRequest = z.object({ data: z.object({ values: flowValues }) });
export type SaveFlowProgressRequest = z.infer<typeof saveFlowProgressRequest>;

/** PATCH flow_progresses/{id}/move/{movementId}: values to save first, then validate and move. */
export const moveFlowProgressRequest = z.object({
  data: z
    .object({
      values: flowValues.optional(),
      /** The step the site shows: a repeated move from a step already left changes nothing. */
      from_step: z.string().max(80).optional(),
    })
    .optional(),
});
export type MoveFlowProgressRequest = z.infer<typeof moveFlowProgressRequest>;

/** POST flow_progresses/{id}/actions: a server operation of the current step. */
export const flowActionRequest = z.object({ data: z.object({ action: z.string().min(1).max(80) }) });
export type FlowActionRequest = z.infer<typeof flowActionRequest>;

export const flowProgressResponse = z.object({ data: flowProgressView });
/** A move answers the new state; the account step also the session it opened (the cookie is set). */
export const flowMoveResponse = z.object({ data: flowProgressView, session: issuedSessionInfo.optional() });
export type FlowMoveResponse = z.infer<typeof flowMoveResponse>;
export const flowProgressNewResponse = z.object({ data: flowProgressNew });
export const flowListResponse = z.object({ data: z.array(flowSummary) });
export const flowProgressListQuery = z.object({
  flow_key: z.string().optional(),
  status: flowProgressStatus.optional(),
});
export const flowProgressListItem = z.object({
  id: z.string(),
  flow_version_id: z.string(),
  flow: z.object({ key: z.string(), name: z.string() }),
  status: flowProgressStatus,
  current_step: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
});
export type FlowProgressListItem = z.infer<typeof flowProgressListItem>;
export const flowProgressListResponse = z.object({ data: z.array(flowProgressListItem) });
