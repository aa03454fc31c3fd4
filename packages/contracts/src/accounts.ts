import { z } from "zod";

/** Spec section 3 "Account application", as the customer's own pages read it. */
export const accountApplication = z.object({
  id: z.uuid(),
  account_id: z.uuid(),
  product_key: z.string().nullable(),
  product_name: z.string().nullable(),
  type_key: z.enum(["initial", "reschedule", "restructure"]),
  status: z.string(),
  amount: z.number().int(),
  term: z.number().int(),
  daily_rate_ppm: z.number().int(),
  total_repayment: z.number().int(),
  submitted_on: z.string().nullable(),
  effective_on: z.string().nullable(),
  maturity_on: z.string().nullable(),
  /** A–E, set when the application is approved (decision record 0010); what lenders see. */
  risk_grade: z.enum(["A", "B", "C", "D", "E"]).nullable(),
  /** Why a rejected application was refused, in Indonesian; null unless rejected. */
  rejection_reason: z.string().nullable(),
});
export type AccountApplication = z.infer<typeof accountApplication>;

/** POST app_api/v1/account_applications/search: filters on status (equals, in), newest first. */
export const accountApplicationsResponse = z.object({ data: z.array(accountApplication) });

/** Spec section 3 "Account": a loan or an investment account, as its owner reads it. */
export const account = z.object({
  id: z.uuid(),
  type_key: z.enum(["loan", "investment"]),
  product_key: z.string().nullable(),
  status: z.enum(["pending", "active", "closed", "sold_transfer_period", "sold", "written_off"]),
  principal_balance: z.number().int(),
  payment_channel: z.string().nullable(),
  activated_on: z.string().nullable(),
  closed_on: z.string().nullable(),
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;

/**
 * POST app_api/v1/accounts/search: the caller's accounts, newest first; filters type_key, status,
 * product_key (equals, in), activated_on and closed_on (empty, present).
 */
export const accountsSearchResponse = z.object({ data: z.array(account) });
