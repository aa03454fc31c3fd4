import { z } from "zod";

/** GET app_api/v1/account_applications/{id}/disbursal (operator): the payout's state (decision 0015). */
export const disbursalParams = z.object({ id: z.uuid() });

export const disbursal = z.object({
  id: z.uuid(),
  account_application_id: z.uuid(),
  /** pending: to pay or retry; succeeded: paid, the loan runs; failed: given up, the application cancelled. */
  status: z.enum(["pending", "succeeded", "failed"]),
  /** Whole rupiah paid to the payee's bank account (principal − upfront fee). */
  payout: z.number().int(),
  upfront_fee: z.number().int(),
  attempts: z.number().int(),
  /** Business time of the next attempt while pending. */
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  bank_reference: z.string().nullable(),
  /**
   * Whom the bank paid, once it paid (decision 0032): the borrower, or for a purchase's loan the
   * merchant at its partner's settlement account. Null before (and on payouts recorded before this).
   */
  payee: z.object({ kind: z.enum(["borrower", "merchant"]), name: z.string(), bank_code: z.string(), account_number: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Disbursal = z.infer<typeof disbursal>;

export const disbursalResponse = z.object({ data: disbursal });
