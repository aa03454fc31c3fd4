import { z } from "zod";
import { virtualAccountChannel } from "./payments.ts";

/** A lender's money on one investment account, in whole rupiah (decision 0009). */
export const investmentAccountBalance = z.object({
  account_id: z.uuid(),
  currency: z.literal("IDR"),
  /** What the lender can invest or withdraw now. */
  available: z.number().int(),
  /** Held by pending investments until they are funded (posted) or cancelled (voided). */
  reserved: z.number().int(),
});
export type InvestmentAccountBalance = z.infer<typeof investmentAccountBalance>;

/** GET app_api/v1/accounts/{id}/balance: the caller's investment account. */
export const investmentAccountBalanceResponse = z.object({ data: investmentAccountBalance });

/** The smallest and largest sandbox top-up, as Indonesian banks' virtual accounts take them. */
export const DEPOSIT_AMOUNT = { min: 10_000, max: 1_000_000_000_000 } as const;

/**
 * POST app_api/v1/accounts/{id}/deposits (sandbox only): simulates a transfer into the lender's
 * virtual account. `idempotency_key` is the client's: the same key and amount again deposits once.
 */
export const depositRequest = z.object({
  data: z.object({
    amount: z.number().int().min(DEPOSIT_AMOUNT.min).max(DEPOSIT_AMOUNT.max),
    idempotency_key: z.string().min(8).max(100).regex(/^[A-Za-z0-9._:-]+$/),
    /** The top-up virtual account paid into (decision 0020); the first channel when omitted. */
    channel: virtualAccountChannel.optional(),
  }),
});

export const depositResponse = z.object({
  data: z.object({
    transfer_id: z.uuid(),
    amount: z.number().int(),
    /** True when this key had already deposited: nothing moved this time. */
    replayed: z.boolean(),
    balance: investmentAccountBalance,
  }),
});

export type Deposit = z.infer<typeof depositResponse>["data"];
