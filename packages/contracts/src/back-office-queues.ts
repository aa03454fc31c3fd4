import { z } from "zod";
import { bankAccountInput } from "./bank-account.ts";
import { pageMeta, pageNumber } from "./paging.ts";
import { parkedReason } from "./payments.ts";
import "@pinjaman/i18n/ns/flows";

/**
 * The operator console's money queues (issue 10 section 1, decision 0033):
 * review, disbursal, reconciliation. Staff routes under app_api/v1/back_office; each names the
 * staff permission it needs beside it. Amounts are whole rupiah.
 */

const rupiah = z.number().int();
const isoDate = z.string();

export const REVIEW_STATUSES = ["submitted", "rejected", "waiting_for_investment"] as const;
export const STAFF_REASON_MAX_LENGTH = 1000;

/** A reason a staff member must give: 1–1000 characters once trimmed. */
export const staffReason = z.string().trim().min(1).max(STAFF_REASON_MAX_LENGTH);

// ---------------------------------------------------------------- review (applications.review)

/** GET back_office/applications/search?status=submitted&page=1: the review queue, oldest first. */
export const reviewQueueQuery = z.object({
  status: z.enum(REVIEW_STATUSES).default("submitted"),
  page: pageNumber,
});

export const reviewQueueItem = z.object({
  id: z.uuid(),
  status: z.string(),
  borrower_name: z.string(),
  product_name: z.string().nullable(),
  amount: rupiah,
  term: z.number().int(),
  submitted_on: isoDate.nullable(),
  /** The automatic decision could not measure a rule and left it to an operator. */
  referred: z.boolean(),
  risk_grade: z.enum(["A", "B", "C", "D", "E"]).nullable(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

export const reviewQueueResponse = z.object({
  data: z.array(reviewQueueItem),
  meta: pageMeta,
});

export const applicationIdParams = z.object({ id: z.uuid() });
export const applicationDocumentParams = z.object({ id: z.uuid(), upload_id: z.uuid() });

/** One automatic-decision rule as recorded (decision 0010): passed true/false, or null (could not be measured). */
export const decisionRule = z.object({
  key: z.string(),
  passed: z.boolean().nullable(),
  measured: z.record(z.string(), z.unknown()).nullable(),
  threshold: z.record(z.string(), z.unknown()).nullable(),
  source: z.string().nullable(),
});

export const reviewDocument = z.object({
  id: z.uuid(),
  /** The KYC field it answers (ktp_photo, selfie_photo, …), null when no answer names it. */
  field_key: z.string().nullable(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** Staff-only address of the file (audited read). */
  url: z.string(),
});

export const reviewDetail = z.object({
  application: z.object({
    id: z.uuid(),
    account_id: z.uuid(),
    status: z.string(),
    type_key: z.string(),
    product_name: z.string().nullable(),
    amount: rupiah,
    term: z.number().int(),
    daily_rate_ppm: z.number().int(),
    total_repayment: rupiah,
    submitted_on: isoDate.nullable(),
    risk_grade: z.enum(["A", "B", "C", "D", "E"]).nullable(),
    rejection_reason: z.string().nullable(),
  }),
  customer: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    created_at: z.string(),
  }),
  /** The KYC profile (null when the customer has none). Answers that are uploads are in `documents`. */
  kyc: z
    .object({
      full_name: z.string(),
      personal_code: z.string(),
      birth_date: isoDate,
      answers: z.array(z.object({ key: z.string(), value: z.string() })),
    })
    .nullable(),
  documents: z.array(reviewDocument),
  decision: z
    .object({ outcome: z.enum(["approve", "reject", "refer"]), risk_grade: z.string().nullable(), decided_at: z.string(), rules: z.array(decisionRule) })
    .nullable(),
  /** Every recorded move of this application (who, when, why). */
  transitions: z.array(
    z.object({ from_status: z.string().nullable(), to_status: z.string(), event: z.string(), actor_kind: z.string(), reason: z.string().nullable(), created_at: z.string() }),
  ),
  history: z.object({
    applications: z.array(z.object({ id: z.uuid(), status: z.string(), amount: rupiah, term: z.number().int(), submitted_on: isoDate.nullable() })),
    loans: z.array(z.object({ id: z.uuid(), status: z.string(), principal_balance: rupiah, activated_on: isoDate.nullable(), closed_on: isoDate.nullable() })),
    payments: z.array(z.object({ id: z.uuid(), account_id: z.uuid().nullable(), amount: rupiah, status: z.string(), paid_on: isoDate })),
  }),
  /** Which outcomes the application's status still allows (approve: submitted or rejected; reject: submitted or not yet funded). */
  allowed_outcomes: z.array(z.enum(["approve", "reject"])),
});
export type ReviewDetail = z.infer<typeof reviewDetail>;
export const reviewDetailResponse = z.object({ data: reviewDetail });

// ---------------------------------------------------------------- disbursals (disbursals.manage)

/** The queue's stages; a retried disbursal the bank paid reads `paid` (it leaves the queue). */
export const DISBURSAL_STAGES = ["cooling_off", "pending", "retrying", "failed"] as const;
export type DisbursalStage = (typeof DISBURSAL_STAGES)[number] | "paid";

export const disbursalQueueQuery = z.object({ stage: z.enum(DISBURSAL_STAGES).optional() });

export const disbursalQueueItem = z.object({
  application_id: z.uuid(),
  /** Null while the application is still in its cooling-off (no disbursal yet). */
  disbursal_id: z.uuid().nullable(),
  stage: z.enum([...DISBURSAL_STAGES, "paid"]),
  borrower_name: z.string(),
  /** A purchase's loan: the merchant the payout goes to (decision 0032); null: the borrower's own account. */
  merchant_name: z.string().nullable(),
  amount: rupiah,
  payout: rupiah.nullable(),
  funded_on: isoDate.nullable(),
  /** The business date the cooling-off ends and the payout starts. */
  cooling_off_ends_on: isoDate.nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  /** The bank's last refusal. */
  last_error: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type DisbursalQueueItem = z.infer<typeof disbursalQueueItem>;
export const disbursalQueueResponse = z.object({ data: z.array(disbursalQueueItem) });

export const disbursalIdParams = z.object({ id: z.uuid() });
export const disbursalRetryRequest = z.object({ reason: staffReason });
export const disbursalRetryResponse = z.object({
  data: z.object({
    /** What the attempt ended in: paid, another retry scheduled, given up (application cancelled), or not run (another runner held it). */
    outcome: z.enum(["succeeded", "retry_later", "failed", "not_due"]),
    item: disbursalQueueItem,
  }),
});

// ---------------------------------------------------------------- reconciliation (payments.reconcile)

export const parkedPayment = z.object({
  id: z.uuid(),
  amount: rupiah,
  channel: z.string(),
  virtual_account_number: z.string(),
  parked_reason: parkedReason,
  /** Business date the money arrived. */
  received_on: isoDate,
  paid_at: z.string().nullable(),
  /** The loan account the virtual account belongs to, when it is known (a closed loan's VA). */
  account_id: z.uuid().nullable(),
  /**
   * open: waiting; matched: booked to a loan; refund_pending: the bank is being asked to pay it
   * back (or a crash left its answer unrecorded: ask again); refunded: the bank paid it back;
   * refund_failed: the bank refused (try again); refund_requested: marked for refund before
   * refunds were paid, no bank account given yet.
   */
  reconciliation: z.enum(["open", "matched", "refund_requested", "refund_pending", "refunded", "refund_failed"]),
  matched_account_id: z.uuid().nullable(),
  reason: z.string().nullable(),
  /** The refund to the payer's bank account, once one was asked for. */
  refund: z
    .object({
      bank_code: z.string(),
      account_number: z.string(),
      account_name: z.string(),
      attempts: z.number().int(),
      /** The bank's last refusal. */
      last_error: z.string().nullable(),
      /** The bank refused that account for good: a retry must name another account. */
      account_refused: z.boolean(),
      bank_reference: z.string().nullable(),
    })
    .nullable(),
});
export type ParkedPayment = z.infer<typeof parkedPayment>;

export const parkedPaymentsQuery = z.object({ state: z.enum(["open", "done"]).default("open") });
export const parkedPaymentsResponse = z.object({ data: z.array(parkedPayment) });

/** GET back_office/loans/search?q=: active loans to match a payment to, by borrower name, e-mail or VA number. */
export const loanSearchQuery = z.object({ q: z.string().trim().min(2).max(100) });
export const loanCandidate = z.object({
  account_id: z.uuid(),
  borrower_name: z.string(),
  borrower_email: z.string().nullable(),
  principal_balance: rupiah,
  virtual_accounts: z.array(z.object({ channel: z.string(), number: z.string() })),
});
export type LoanCandidate = z.infer<typeof loanCandidate>;
export const loanSearchResponse = z.object({ data: z.array(loanCandidate) });

export const paymentIdParams = z.object({ id: z.uuid() });
export const paymentMatchRequest = z.object({ account_id: z.uuid(), reason: staffReason });
export type PaymentMatchRequest = z.infer<typeof paymentMatchRequest>;
/**
 * POST back_office/parked_payments/{id}/refund: pay a parked payment back to the payer's bank
 * account, checked by onboarding's bank step's rules (packages/domain/src/field-rules/bank-account.ts)
 * with its messages. The same request again (a double click) refunds once; after a refusal it is
 * the retry.
 */
export const paymentRefundRequest = bankAccountInput.extend({ reason: staffReason });
export type PaymentRefundRequest = z.infer<typeof paymentRefundRequest>;

export const reconciliationResponse = z.object({
  data: z.object({
    payment: parkedPayment,
    /** The allocated payment the match booked on the loan (null for a refund). */
    allocated_payment_id: z.uuid().nullable(),
    allocation: z.object({ late_fee: rupiah, interest: rupiah, principal: rupiah, credit: rupiah }).nullable(),
    /** The same request was already done (a double click): nothing moved again, no bank call. */
    replayed: z.boolean(),
  }),
});
