import { z } from "zod";

/**
 * Reschedule and restructure requests (decision 0027): the borrower
 * asks through a loan-account flow; staff with loan_changes.decide approve or reject here
 * (app_api/v1/staff/loan_change_requests). A change that lowers the rate, forgives late fees or
 * moves the maturity is then pending a second staff member's approval (loan_changes.approve,
 * staff/loan_change_approvals/{id}/decision; issue 17 §5).
 */

const rupiah = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const loanChangeParams = z.object({ id: z.uuid() });
export const loanChangeListQuery = z.object({ status: z.enum(["pending", "approved", "rejected", "cancelled"]).optional() });

export const loanChangeDecisionBody = z.object({ outcome: z.enum(["approve", "reject"]), reason: z.string().trim().min(3).max(1000) });
export type LoanChangeDecisionBody = z.infer<typeof loanChangeDecisionBody>;

const staffRef = z.object({ id: z.uuid(), name: z.string() });

/** What the change does to the lenders' money: the card says it in words (domain describeLoanChange). */
const effect = z.object({
  extra_months: z.number().int(),
  maturity_from: isoDate.nullable(),
  maturity_to: isoDate,
  rate_from_ppm: z.number().int(),
  rate_to_ppm: z.number().int(),
  /** Late fees accrued and unpaid that the change forgives. */
  waived_late_fees: rupiah,
});

/** The second staff member's approval of the change, once a first one approved it. */
const secondApproval = z.object({
  id: z.uuid(),
  status: z.enum(["pending", "approved", "rejected"]),
  requested_by: staffRef,
  requested_on: isoDate,
  decided_by: staffRef.nullable(),
  decision_reason: z.string().nullable(),
});

const instalment = z.object({ number: z.number().int(), due_on: isoDate, principal: rupiah, interest: rupiah, total: rupiah });

export const loanChangeRequest = z.object({
  id: z.uuid(),
  account_id: z.uuid(),
  borrower_name: z.string(),
  type_key: z.enum(["reschedule", "restructure"]),
  status: z.enum(["pending", "approved", "rejected", "cancelled"]),
  extra_months: z.number().int(),
  requested_daily_rate_ppm: z.number().int().nullable(),
  reason: z.string(),
  requested_on: isoDate,
  current: z.object({ term: z.number().int(), daily_rate_ppm: z.number().int(), maturity_on: isoDate.nullable(), outstanding_principal: rupiah }).nullable(),
  /** The terms approval would give today (pending requests); null when they cannot be computed, with the reason. */
  proposal: z
    .object({
      term: z.number().int(),
      daily_rate_ppm: z.number().int(),
      total_repayment: rupiah,
      maturity_on: isoDate,
      /** New maturity minus the initial application's maturity, in days (spec section 4). */
      maturity_extension_days: z.number().int(),
      instalments: z.array(instalment),
      effect,
      /** A lower rate, forgiven late fees or a moved maturity: approval takes a second staff member. */
      needs_second_approval: z.boolean(),
    })
    .nullable(),
  proposal_refused: z.string().nullable(),
  decided_by: staffRef.nullable(),
  decision_reason: z.string().nullable(),
  new_application_id: z.uuid().nullable(),
  /** The latest second approval asked for this request; null while none was. */
  approval: secondApproval.nullable(),
});
export type LoanChangeRequest = z.infer<typeof loanChangeRequest>;

export const loanChangeRequestResponse = z.object({ data: loanChangeRequest });
export const loanChangeRequestsResponse = z.object({ data: z.array(loanChangeRequest) });
