import { z } from "zod";

/**
 * Maker-checker calls of the back office (decision 0027): a write-off, a manual ledger adjustment
 * or a loan change that moves lenders' money (issue 17 §5) is requested by one staff member and
 * approved or rejected by another. Under app_api/v1/staff.
 */

const rupiah = z.number().int().min(0);
const reason = z.string().trim().min(3).max(1000);

export const approvalRequestParams = z.object({ id: z.uuid() });

/** POST staff/write_off_requests (write_offs.request). */
export const writeOffRequestBody = z.object({ account_id: z.uuid(), reason });
export type WriteOffRequestBody = z.infer<typeof writeOffRequestBody>;

const LEDGER_ADJUSTMENT_MAX = 1_000_000_000_000;

/** POST staff/ledger_adjustment_requests (ledger_adjustments.request): one transfer between two ledger accounts. */
export const ledgerAdjustmentRequestBody = z
  .object({
    debit_ledger_account_id: z.uuid(),
    credit_ledger_account_id: z.uuid(),
    /** At most Rp1 trillion, as a deposit: larger sums would soon take ledger balances past what JSON numbers hold exactly. */
    amount: z.number().int().min(1).max(LEDGER_ADJUSTMENT_MAX),
    reason,
  })
  .refine((b) => b.debit_ledger_account_id !== b.credit_ledger_account_id, {
    path: ["credit_ledger_account_id"],
    params: { messageKey: "back-office-loans.approvals.error.same_ledger_account" },
  });
export type LedgerAdjustmentRequestBody = z.infer<typeof ledgerAdjustmentRequestBody>;

/**
 * What a write-off takes off the books (issue 17 §5): the principal still owed, each lender's (or,
 * after a claim, the insurer's) share of it, and the interest already due and late fees unpaid
 * that are forgone with it. The preview and the approval read it with the same function.
 */
export const writeOffFigures = z.object({
  principal: rupiah,
  interest: rupiah,
  late_fees: rupiah,
  shares: z.array(z.object({ investment_id: z.uuid(), holder: z.enum(["lender", "insurer"]), name: z.string(), amount: rupiah })),
});
export type WriteOffFigures = z.infer<typeof writeOffFigures>;

/** GET staff/loans/{account_id}/write_off_preview (write_offs.request): what a write-off of the loan would take off today. */
export const writeOffPreviewParams = z.object({ account_id: z.uuid() });
export const writeOffPreviewResponse = z.object({
  data: writeOffFigures.extend({ account_id: z.uuid(), borrower_name: z.string(), days_past_due: z.number().int() }),
});
export type WriteOffPreview = z.infer<typeof writeOffPreviewResponse>["data"];

/** POST staff/{write_off,ledger_adjustment}_requests/{id}/decision, staff/loan_change_approvals/{id}/decision (…approve). */
export const approvalDecisionBody = z.object({ outcome: z.enum(["approve", "reject"]), reason });
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBody>;

export const approvalListQuery = z.object({ status: z.enum(["pending", "approved", "rejected"]).optional() });

const staffRef = z.object({ id: z.uuid(), name: z.string() });

export const approvalRequest = z.object({
  id: z.uuid(),
  kind: z.enum(["write_off", "ledger_adjustment", "loan_change"]),
  status: z.enum(["pending", "approved", "rejected"]),
  account_id: z.uuid().nullable(),
  /** The borrower's reschedule or restructure request, for a loan change. */
  loan_change_request_id: z.uuid().nullable(),
  /** The borrower of the loan, for a write-off or a loan change. */
  borrower_name: z.string().nullable(),
  debit_ledger_account: z.object({ id: z.uuid(), kind: z.string() }).nullable(),
  credit_ledger_account: z.object({ id: z.uuid(), kind: z.string() }).nullable(),
  /** The adjustment's amount; for a write-off the principal written off once approved. */
  amount: rupiah.nullable(),
  reason: z.string(),
  requested_by: staffRef,
  requested_on: z.string(),
  decided_by: staffRef.nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** Days past due of the loan today (write-offs). */
  days_past_due: z.number().int().nullable(),
  /** A write-off's figures: what approval would take off today while pending, what it took once approved. */
  write_off: writeOffFigures.nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

export const approvalRequestResponse = z.object({ data: approvalRequest });
export const approvalRequestsResponse = z.object({ data: z.array(approvalRequest) });

/** GET staff/ledger_accounts?account_id= (ledger_adjustments.request): the ledger accounts of a loan and the platform's own. */
export const ledgerAccountsQuery = z.object({ account_id: z.uuid().optional() });
export const staffLedgerAccount = z.object({
  id: z.uuid(),
  kind: z.string(),
  account_id: z.uuid().nullable(),
  customer_id: z.uuid().nullable(),
  investment_id: z.uuid().nullable(),
  /** Posted balance in the account's normal direction. */
  balance: z.number().int(),
});
export const ledgerAccountsResponse = z.object({ data: z.array(staffLedgerAccount) });
