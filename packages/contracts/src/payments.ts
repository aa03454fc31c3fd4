import { z } from "zod";

const rupiah = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The bank channels a loan's virtual accounts are opened on (decision 0012). */
export const virtualAccountChannel = z.enum(["bca_va", "bni_va", "bri_va", "mandiri_va", "permata_va", "cimb_va"]);

/**
 * POST app_api/v1/accounts/{id}/payments body {data} (spec section 7). Sandbox only: simulates the
 * borrower's transfer into the loan's virtual account on `channel`, exactly as the payment
 * gateway's notification would arrive. `idempotency_key` is the caller's, per loan account.
 */
export const newPaymentRequest = z.object({
  data: z.object({
    channel: virtualAccountChannel,
    amount: z.number().int().min(1).max(10_000_000_000),
    idempotency_key: z.string().min(1).max(100),
  }),
});
export type NewPaymentRequest = z.infer<typeof newPaymentRequest>["data"];

/** How one payment was allocated (decision 0013): late fee → interest → principal, oldest first. */
export const paymentAllocation = z.object({
  late_fee: rupiah,
  interest: rupiah,
  principal: rupiah,
  /** Overpayment kept as the borrower's credit for the next instalment. */
  credit: rupiah,
});

export const payment = z.object({
  id: z.uuid(),
  account_id: z.uuid(),
  channel: virtualAccountChannel,
  virtual_account_number: z.string(),
  amount: rupiah,
  /** Business date the money arrived. */
  paid_on: isoDate,
  allocation: paymentAllocation,
  /** The loan account's status after this payment: `closed` when it paid the loan off (Lunas). */
  account_status: z.string(),
});
export type Payment = z.infer<typeof payment>;

export const paymentResponse = z.object({ data: payment });
