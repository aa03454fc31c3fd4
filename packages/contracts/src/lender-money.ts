import { WITHDRAWAL_MIN_AMOUNT } from "@pinjaman/domain/withdrawals";
import { z } from "zod";
import { paymentChannel } from "./invoices.ts";

/**
 * A lender's money in and out of an investment account (issue 9 §2, decision 0020), all under
 * app_api/v1/accounts/{accountId}.
 */

/** GET …/payment_options (spec section 7, `data.channels`): the lender's own top-up VA per channel and how to pay into it. */
export const paymentOptionsResponse = z.object({ data: z.object({ channels: z.array(paymentChannel) }) });
export type PaymentOptions = z.infer<typeof paymentOptionsResponse>["data"];

const amount = z.number().int().min(WITHDRAWAL_MIN_AMOUNT).max(1_000_000_000_000);

/** POST …/withdrawals/code: sends a one-time code confirming a withdrawal of `amount` (SMS, else e-mail). */
export const withdrawalCodeRequest = z.object({ data: z.object({ amount }) });
export const withdrawalCodeResponse = z.object({
  data: z.object({
    /** The confirmation to send back with the code. */
    signature_id: z.uuid(),
    /** Where the code went, masked. */
    code_sent_to: z.string(),
    /** Seconds before another code may be requested. */
    resend_after: z.number().int(),
  }),
});
export type WithdrawalCode = z.infer<typeof withdrawalCodeResponse>["data"];

/**
 * POST …/withdrawals: withdraws `amount` to the lender's bank account, confirmed by the code sent
 * for this amount. `idempotency_key` is the client's: the same key again answers the same withdrawal.
 */
export const withdrawalRequest = z.object({
  data: z.object({
    amount,
    idempotency_key: z.string().min(8).max(100).regex(/^[A-Za-z0-9._:-]+$/),
    signature_id: z.uuid(),
    code: z.string().regex(/^\d{6}$/),
  }),
});

export const withdrawalStatus = z.enum(["processing", "succeeded", "failed"]);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const withdrawal = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  status: withdrawalStatus,
  /** The Indonesian label of the status (Diproses / Berhasil / Gagal). */
  status_label: z.string(),
  /** Why it failed, in Indonesian; null unless failed. */
  reason: z.string().nullable(),
  bank_code: z.string(),
  /** The bank account number, masked but for the last four digits. */
  account_number: z.string(),
  account_name: z.string(),
  requested_on: z.string(),
  created_at: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalResponse = z.object({ data: withdrawal });
/** GET …/withdrawals: the newest first (at most 50). */
export const withdrawalsResponse = z.object({ data: z.array(withdrawal) });
