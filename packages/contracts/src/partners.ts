import { z } from "zod";
import { bankAccountInput } from "./bank-account.ts";

/**
 * The partner API (issue 10 section 2): a partner, authenticated by its own key in X-Api-Key,
 * creates leads and purchases and reads their status. Money is integer rupiah.
 */

const rupiah = z.number().int().min(0).max(10_000_000_000);
const externalId = z.string().trim().min(1).max(100);
/** NIK: 16 digits. */
const nik = z.string().regex(/^\d{16}$/, "NIK harus 16 angka");
const phone = z.string().regex(/^\+?\d{9,15}$/, "Nomor ponsel tidak valid");

export const partnerIdParams = z.object({ id: z.uuid() });

/** The customer data a lead prefills (every field optional: the customer completes the rest). */
export const leadCustomer = z.strictObject({
  full_name: z.string().trim().min(2).max(100).optional(),
  email: z.email().max(200).optional(),
  phone: phone.optional(),
  personal_code: nik.optional(),
  birth_date: z.iso.date().optional(),
});
export type LeadCustomer = z.infer<typeof leadCustomer>;

/** POST partner_api/v1/leads */
export const createLeadRequest = z.object({
  data: z.strictObject({
    external_id: externalId,
    branch_id: z.uuid().optional(),
    product_key: z.string().trim().min(1).max(60).default("spl"),
    amount: z.number().int().min(1).max(1_000_000_000).optional(),
    term: z.number().int().min(1).max(60).optional(),
    customer: leadCustomer.default({}),
  }),
});
export type CreateLeadRequest = z.infer<typeof createLeadRequest>;

/** Where the partner's application stands (null until the customer submits one). */
export const partnerApplication = z
  .object({ id: z.uuid(), status: z.string(), amount: z.number().int(), term: z.number().int(), rejection_reason: z.string().nullable() })
  .nullable();

export const leadView = z.object({
  id: z.uuid(),
  external_id: z.string(),
  branch_id: z.uuid().nullable(),
  product_key: z.string(),
  flow_key: z.string(),
  /** The link the partner sends the customer. */
  url: z.string(),
  /** `open` (not started), `in_progress`, `submitted` (an application exists), `expired`. */
  status: z.enum(["open", "in_progress", "submitted", "expired"]),
  application: partnerApplication,
  expires_at: z.string(),
  created_at: z.string(),
});
export const leadResponse = z.object({ data: leadView });
export type LeadView = z.infer<typeof leadView>;

/** POST partner_api/v1/purchases */
export const createPurchaseRequest = z.object({
  data: z
    .strictObject({
      external_id: externalId,
      branch_id: z.uuid().optional(),
      merchant_name: z.string().trim().min(2).max(120),
      item_name: z.string().trim().min(2).max(200),
      product_key: z.string().trim().min(1).max(60).default("spl"),
      amount: rupiah.min(1),
      discount: rupiah.default(0),
      term: z.number().int().min(1).max(60),
    })
    .refine((d) => d.discount < d.amount, { path: ["discount"], params: { messageKey: "partners.error.discount_not_below_price" } }),
});
export type CreatePurchaseRequest = z.infer<typeof createPurchaseRequest>;

export const purchaseView = z.object({
  id: z.uuid(),
  external_id: z.string(),
  branch_id: z.uuid().nullable(),
  merchant_name: z.string(),
  item_name: z.string(),
  product_key: z.string(),
  amount: z.number().int(),
  discount: z.number().int(),
  term: z.number().int(),
  url: z.string(),
  /** `open` (not paid), `paid` (its application exists), `expired`. */
  status: z.enum(["open", "paid", "expired"]),
  application: partnerApplication,
  expires_at: z.string(),
  created_at: z.string(),
});
export const purchaseResponse = z.object({ data: purchaseView });
export type PurchaseView = z.infer<typeof purchaseView>;

/** GET pub_api/v1/open/purchases/{id}: what the customer sees (no partner data beyond the merchant). */
export const purchaseDetail = z.object({
  id: z.uuid(),
  merchant_name: z.string(),
  item_name: z.string(),
  product_name: z.string(),
  amount: z.number().int(),
  discount: z.number().int(),
  /** amount − discount: the loan's principal. */
  financed: z.number().int(),
  daily_rate_ppm: z.number().int(),
  total_interest: z.number().int(),
  monthly_instalment: z.number().int(),
  term: z.number().int(),
  status: z.enum(["open", "paid", "expired"]),
});
export const purchaseDetailResponse = z.object({ data: purchaseDetail });
export type PurchaseDetail = z.infer<typeof purchaseDetail>;

/** POST app_api/v1/purchases/{id}/payments: the signed-in customer pays by instalments. */
export const payPurchaseRequest = z.object({ data: z.strictObject({ agree: z.literal(true, "Setujui syarat pembayaran cicilan") }) });
export const payPurchaseResponse = z.object({
  data: z.object({ purchase_id: z.uuid(), account_application_id: z.uuid(), status: z.string(), rejection_reason: z.string().nullable() }),
});
export type PayPurchaseResponse = z.infer<typeof payPurchaseResponse>;

/** POST pub_api/v1/open/leads/{id}/flow_progress: the lead's progress to continue (created on first use). */
export const leadProgressResponse = z.object({ data: z.object({ flow_key: z.string(), flow_progress_id: z.uuid() }) });
export type LeadProgressResponse = z.infer<typeof leadProgressResponse>;

/** Staff: POST app_api/v1/partners/{id}/api_keys — a new key (shown once), older keys revoked. */
export const partnerKeyResponse = z.object({ data: z.object({ partner_id: z.uuid(), api_key: z.string(), prefix: z.string(), callback_secret: z.string() }) });

/**
 * Where a partner's purchases are paid (decision 0032): the loan of a purchase pays the merchant
 * here, not the borrower. Null for a partner created before settlement accounts: its purchases
 * are refused until staff add one.
 */
export const partnerSettlementAccount = z.object({ bank_code: z.string(), account_number: z.string(), account_name: z.string() });
export type PartnerSettlementAccount = z.infer<typeof partnerSettlementAccount>;

export const partnerSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  legal_name: z.string(),
  contact_email: z.string(),
  callback_url: z.string(),
  settlement_account: partnerSettlementAccount.nullable(),
  branches: z.array(z.object({ id: z.uuid(), name: z.string(), city: z.string() })),
  key_prefixes: z.array(z.string()),
  created_at: z.string(),
});
export type PartnerSummary = z.infer<typeof partnerSummary>;
export const partnerListResponse = z.object({ data: z.array(partnerSummary) });

/** Staff: PUT app_api/v1/partners/{id}/settlement_account — bank, number, holder by the bank step's rules. */
export const partnerSettlementRequest = z.object({ data: bankAccountInput });
export type PartnerSettlementRequest = z.infer<typeof partnerSettlementRequest>;
export const partnerResponse = z.object({ data: partnerSummary });

/** The body of a callback (header X-Pinjaman-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`). */
export const partnerCallbackBody = z.object({
  id: z.uuid(),
  type: z.enum(["lead.decided", "purchase.decided"]),
  subject_id: z.uuid(),
  external_id: z.string(),
  application: z.object({ id: z.uuid(), status: z.string(), amount: z.number().int(), term: z.number().int(), rejection_reason: z.string().nullable() }),
  sent_at: z.string(),
});
export type PartnerCallbackBody = z.infer<typeof partnerCallbackBody>;
