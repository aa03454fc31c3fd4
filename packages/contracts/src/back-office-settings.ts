import { API_KEY_SCOPES } from "@pinjaman/domain/api-key-scopes";
import { z } from "zod";
import { tkbEntry } from "./company.ts";
import "@pinjaman/i18n/ns/back_office_settings";

/**
 * Back-office settings (issue 10 §1): products and pricing, company config, API keys, the TKB
 * history and the audit log. Staff only (each call's permission beside its route). Numbers are
 * checked by the shared domain rules (product-pricing.ts, platform-settings.ts), so the form and
 * the server answer with the same field messages.
 */

const reason = z.string().trim().min(3).max(500);

// ---- products and pricing (products.manage) ----

export const productPricingValues = z.object({
  daily_rate_ppm: z.number(),
  upfront_fee_ppm: z.number(),
  min_amount: z.number(),
  max_amount: z.number(),
  amount_step: z.number(),
  default_amount: z.number(),
  min_term: z.number(),
  max_term: z.number(),
  term_step: z.number(),
  default_term: z.number(),
  active: z.boolean(),
});
export type ProductPricingValues = z.infer<typeof productPricingValues>;

const pricingVersion = productPricingValues.extend({
  version: z.number().int(),
  effective_from: z.string(),
  staff_id: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PricingVersionDto = z.infer<typeof pricingVersion>;

export const backOfficeProduct = z.object({
  key: z.string(),
  name: z.string(),
  variant: z.enum(["default", "plus", "business"]),
  loan_type: z.enum(["consumptive", "productive"]),
  current: pricingVersion,
  history: z.array(pricingVersion),
});
export type BackOfficeProduct = z.infer<typeof backOfficeProduct>;

/** GET app_api/v1/staff/products */
export const backOfficeProductsResponse = z.object({
  data: z.array(backOfficeProduct),
});
export type BackOfficeProductsResponse = z.infer<
  typeof backOfficeProductsResponse
>;

export const productKeyParams = z.object({
  key: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[a-z0-9_-]+$/),
});

/** POST app_api/v1/staff/products/{key}/pricing — a new version, effective now. */
export const productPricingRequest = z.object({
  data: productPricingValues.extend({ reason }),
});
export const backOfficeProductResponse = z.object({ data: backOfficeProduct });

// ---- company config (config.manage) ----

const https = z.url({ protocol: /^https$/ }).max(300);
export const companyFacts = z.object({
  name: z.string().trim().min(2).max(200),
  email: z.email().max(200),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,30}$/),
  address: z.string().trim().min(5).max(500),
  facebook_page_url: https,
  linked_in_page_url: https,
  instagram_page_url: https,
  app_store_url: https,
});
export type CompanyFacts = z.infer<typeof companyFacts>;

export const platformSettingsValues = z.object({
  platform_fee_ppm: z.number(),
  funding_period_days: z.number(),
  autoinvest_share_ppm: z.number(),
});

export const companySettings = z.object({
  company: companyFacts,
  platform: platformSettingsValues,
});
export type CompanySettingsDto = z.infer<typeof companySettings>;

/** GET app_api/v1/staff/company_settings */
export const companySettingsResponse = z.object({ data: companySettings });
export type CompanySettingsResponse = z.infer<typeof companySettingsResponse>;

/** PUT app_api/v1/staff/company_settings — both parts at once, with the reason. */
export const companySettingsRequest = z.object({
  data: companySettings.extend({ reason }),
});

// ---- API keys (api_keys.manage) ----

export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

/** GET app_api/v1/staff/api_keys — never the key or its hash. */
export const apiKeysResponse = z.object({ data: z.array(apiKeyDto) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

/** POST app_api/v1/staff/api_keys — the answer holds the key, once. */
export const createApiKeyRequest = z.object({
  data: z.object({
    name: z.string().trim().min(1).max(80),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
  }),
});
export const createdApiKeyResponse = z.object({
  data: apiKeyDto.extend({ key: z.string() }),
});
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponse>;

export const apiKeyIdParams = z.object({ id: z.uuid() });
/** POST app_api/v1/staff/api_keys/{id}/revoke */
export const revokeApiKeyRequest = z.object({ data: z.object({ reason }) });
export const apiKeyResponse = z.object({ data: apiKeyDto });

// ---- TKB history (tkb.manage) ----

export const tkbSnapshotDto = z.object({
  id: z.number().int(),
  entries: z.array(tkbEntry),
  source: z.enum(["seed", "book"]),
  as_of: z.string().nullable(),
  outstanding_principal: z.number().int().nullable(),
  computed_at: z.string(),
});
export type TkbSnapshotDto = z.infer<typeof tkbSnapshotDto>;

export const tkbHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** GET app_api/v1/staff/tkb_snapshots — newest first, 30 a page. */
export const tkbHistoryResponse = z.object({
  data: z.array(tkbSnapshotDto),
  meta: z.object({ page: z.number().int(), has_more: z.boolean() }),
});
export type TkbHistoryResponse = z.infer<typeof tkbHistoryResponse>;

// ---- audit log (audit.read) ----

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const auditLogQuery = z
  .object({
    staff_id: z.uuid().optional(),
    customer_id: z.uuid().optional(),
    action: z.string().trim().min(1).max(100).optional(),
    subject_id: z.string().trim().min(1).max(100).optional(),
    from: isoDate.optional(),
    until: isoDate.optional(),
    source: z.enum(["all", "staff", "customer"]).default("all"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.from || !q.until || q.from <= q.until, {
    path: ["until"],
    params: { messageKey: "back_office_settings.audit.errors.order" },
    when: (payload) =>
      z.object({ from: isoDate, until: isoDate }).safeParse(payload.value)
        .success,
  });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  /** "staff:12" or "customer:34": unique across both logs. */
  id: z.string(),
  source: z.enum(["staff", "customer"]),
  at: z.string(),
  /** The staff member (staff log) or the customer (customer log) who acted; null for a failed sign-in of an unknown e-mail. */
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  permission: z.string().nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  /** The state before and after, as recorded (a JSON object; a recorded scalar comes as { value }). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

/** GET app_api/v1/staff/audit_log — newest first, 50 a page, both logs merged. */
export const auditLogResponse = z.object({
  data: z.array(auditLogEntry),
  meta: z.object({ page: z.number().int(), has_more: z.boolean() }),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
