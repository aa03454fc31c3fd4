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
  /** The borrower's earlier credit this payment used first (late_fee + interest + principal + credit = amount + credit_used). */
  credit_used: rupiah,
  /** Scheduled interest no longer owed because this payment paid the loan off early (decision 0013). */
  waived_interest: rupiah,
});

/** allocated: it paid the loan; parked: it waits in payment suspense for reconciliation (decision 0016); topped_up: a lender's top-up (decision 0020). */
export const paymentStatus = z.enum(["allocated", "parked", "topped_up"]);
/** above_payoff: more than the payoff plus OVERPAYMENT_MARGIN; closing_credit: a closed loan's credit, refunded to the borrower. */
export const parkedReason = z.enum(["unknown_virtual_account", "invalid_amount", "account_not_active", "above_payoff", "closing_credit"]);

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
  status: paymentStatus,
  /** Why it was parked; null when allocated. */
  parked_reason: parkedReason.nullable(),
});
export type Payment = z.infer<typeof payment>;

export const paymentResponse = z.object({ data: payment });

/**
 * POST pub_api/v1/payment_gateway/notifications: the gateway reports money paid into a virtual
 * account. Signed: header `x-signature` = hex HMAC-SHA256 of the raw body with the shared secret.
 * The amount may be any whole number of rupiah: an impossible one (0) is parked, not refused.
 */
export const PAYMENT_SIGNATURE_HEADER = "x-signature";

export const gatewayNotification = z.object({
  transaction_id: z.string().min(1).max(100),
  /** The channel as the gateway names it; one we do not know parks the payment. */
  channel: z.string().min(1).max(40),
  virtual_account_number: z.string().min(1).max(40),
  amount: z.number().int().min(0).max(10_000_000_000_000),
  paid_at: z.iso.datetime({ offset: true }),
});
export type GatewayNotification = z.infer<typeof gatewayNotification>;

export const gatewayNotificationResponse = z.object({
  data: z.object({
    payment_id: z.uuid(),
    status: paymentStatus,
    parked_reason: parkedReason.nullable(),
    /** True when this transaction id was already stored: nothing was posted again. */
    replayed: z.boolean(),
  }),
});
