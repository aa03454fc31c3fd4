import { z } from "zod";
import { account, accountApplication } from "./accounts.ts";
import { invoice } from "./invoices.ts";

const rupiah = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What paying the loan off on `today` costs (decision 0013): principal + interest + late fee =
 * total; the borrower's credit (overpayments) is used first, so they transfer `amount_to_pay`
 * (total − credit, at least 0), the same figure as `payments/new`'s `payoff_amount`.
 */
/**
 * What became of the credit left when the loan closed (decision 0016, "Credit"): moved to the
 * borrower's other loan, or refunded to their bank account (pending, refunded, failed and being
 * handled), or waiting for an operator because no bank account is known (`parked`).
 */
export const closingCredit = z.object({
  amount: rupiah,
  outcome: z.enum(["moved", "refund_pending", "refunded", "refund_failed", "parked"]),
  /** The bank (its name, "BCA") and account refunded to; null when moved or parked. */
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
});
export type ClosingCreditView = z.infer<typeof closingCredit>;

export const accountPayoff = z.object({ principal: rupiah, interest: rupiah, late_fee: rupiah, total: rupiah, credit: rupiah, amount_to_pay: rupiah });

/**
 * GET app_api/v1/accounts/{id} (spec sections 3, 7): one of the caller's accounts with its
 * applications (spec "initial_account_application" and "current_account_application"), what is
 * still owed and the invoice to pay next. Another customer's id is 404.
 */
export const accountDetail = account.extend({
  initial_account_application: accountApplication.nullable(),
  /** The application whose terms are in force: the newest one that took effect, else the newest. */
  current_account_application: accountApplication.nullable(),
  /** Spec section 4: current maturity minus initial maturity, in days; 0 without an extension. */
  maturity_extension_days: z.number().int(),
  /** Principal of the current schedule not yet paid. */
  outstanding_principal: rupiah,
  /** Everything still owed on the current schedule: principal, interest and late fees. */
  outstanding_total: rupiah,
  /** The oldest open invoice (it may be late); null when nothing is open. */
  next_invoice: invoice.nullable(),
  /** Null unless the loan runs (effective, something owed). */
  payoff: accountPayoff.nullable(),
  /** Null unless the loan closed with credit left. */
  closing_credit: closingCredit.nullable(),
  /**
   * The merchant the loan's money was paid to, for the loan of a purchase (decision 0032: the
   * disbursal pays the merchant, the borrower repays as usual); null when it was paid to the
   * borrower or is not paid yet.
   */
  paid_to_merchant: z.string().nullable(),
  /** The business date the figures are for. */
  today: isoDate,
});
export type AccountDetail = z.infer<typeof accountDetail>;

export const accountDetailResponse = z.object({ data: accountDetail });

/**
 * POST app_api/v1/accounts/{id}/statement body {data} (spec section 7): the loan's statement as a
 * PDF (schedule, invoices, payments, balances) for the business date. No options yet.
 */
export const statementRequest = z.object({ data: z.object({}).strict().optional() });
