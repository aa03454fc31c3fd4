import { z } from "zod";
import { supportAnswer } from "./support.ts";

/**
 * The back office's customer care calls (issue 10 section 1): customers (search, view, block),
 * notices and the chat inbox, under app_api/v1/staff. Every read of personal data and every
 * change is recorded in staff_actions.
 */

const reason = z.string().trim().min(5).max(500);

/** GET app_api/v1/staff/customers/search?q= — by name, e-mail, phone or NIK (at least 3 characters). */
export const customerSearchQuery = z.object({ q: z.string().trim().min(3).max(100) });
export type CustomerSearchQuery = z.infer<typeof customerSearchQuery>;

export const customerSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** NIK when the customer gave one (onboarding). */
  personal_code: z.string().nullable(),
  blocked: z.boolean(),
  created_at: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;
export const customerSearchResponse = z.object({ data: z.array(customerSummary) });

export const customerIdParams = z.object({ id: z.uuid() });

const block = z.object({
  reason: z.string(),
  blocked_at: z.string(),
  blocked_by: z.string().nullable(),
  unblocked_at: z.string().nullable(),
  unblock_reason: z.string().nullable(),
  unblocked_by: z.string().nullable(),
});
export type CustomerBlockView = z.infer<typeof block>;

const money = z.number().int();

/** GET app_api/v1/staff/customers/{id} */
export const customerDetail = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
  roles: z.array(z.string()),
  profile: z.object({ personal_code: z.string(), full_name: z.string(), birth_date: z.string() }).nullable(),
  /** The block in force, or null. */
  block: block.nullable(),
  block_history: z.array(block),
  loan_accounts: z.array(
    z.object({
      id: z.uuid(),
      status: z.string(),
      product_key: z.string().nullable(),
      principal_balance: money,
      created_at: z.string(),
      applications: z.array(
        z.object({ id: z.uuid(), type_key: z.string(), status: z.string(), amount: money, term: z.number().int(), created_at: z.string() }),
      ),
    }),
  ),
  investment_accounts: z.array(z.object({ id: z.uuid(), status: z.string(), created_at: z.string(), investments: z.number().int() })),
  active_devices: z.number().int(),
  deleted: z.boolean(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;
export const customerDetailResponse = z.object({ data: customerDetail });

/** POST app_api/v1/staff/customers/{id}/block and …/unblock */
export const customerBlockBody = z.object({ data: z.object({ reason }) });
export type CustomerBlockBody = z.infer<typeof customerBlockBody>;
export const customerBlockResponse = z.object({ data: z.object({ id: z.uuid(), blocked: z.boolean(), revoked_sessions: z.number().int() }) });
export type CustomerBlockResponse = z.infer<typeof customerBlockResponse>;

/** POST app_api/v1/staff/customers/{id}/notices — a customer_notice and a push to each active device. */
export const sendNoticeBody = z.object({
  data: z.object({ title: z.string().trim().min(3).max(120), body: z.string().trim().min(5).max(2000) }),
});
export type SendNoticeBody = z.infer<typeof sendNoticeBody>;
export const sendNoticeResponse = z.object({ data: z.object({ id: z.uuid(), pushed_devices: z.number().int() }) });
export type SendNoticeResponse = z.infer<typeof sendNoticeResponse>;

/** GET app_api/v1/staff/support_requests?status= — the chat inbox, oldest open first. */
export const supportInboxQuery = z.object({ status: z.enum(["open", "answered", "all"]).default("open") });
export type SupportInboxQuery = z.infer<typeof supportInboxQuery>;

export const supportInboxItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  contact: z.string(),
  message: z.string(),
  page_path: z.string(),
  status: z.enum(["open", "answered", "closed"]),
  created_at: z.string(),
  answers: z.array(supportAnswer),
});
export type SupportInboxItem = z.infer<typeof supportInboxItem>;
export const supportInboxResponse = z.object({ data: z.array(supportInboxItem) });
export type SupportInboxResponse = z.infer<typeof supportInboxResponse>;

export const supportRequestIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST app_api/v1/staff/support_requests/{id}/answers */
export const supportAnswerBody = z.object({ data: z.object({ body: z.string().trim().min(5).max(2000) }) });
export type SupportAnswerBody = z.infer<typeof supportAnswerBody>;
export const supportAnswerResponse = z.object({ data: supportInboxItem.extend({ delivered_to: z.enum(["email", "sms"]) }) });
export type SupportAnswerResponse = z.infer<typeof supportAnswerResponse>;
