import { buildSchedule, type Instalment } from "./schedule.ts";

/**
 * The invoices of a loan (decision 0012): one per instalment of the schedule fixed at disbursal,
 * made by the same `buildSchedule` the calculator and the offers use (decision 0003), so the
 * borrower is billed exactly what the offer showed.
 *
 * Split rule: the principal is divided by the term, rounded down, the last invoice taking the
 * remainder; each invoice's interest is one month's, rounded down (decision 0003). So every
 * invoice's principal + interest is its total, the
 * principal parts sum to the principal, the interest parts to the interest, and the totals to
 * principal + interest exactly.
 */

/** Open: not fully paid. Paid: principal, interest and late fee all paid. (Late = open past its due date, derived.) */
export const INVOICE_STATUSES = ["open", "paid", "replaced"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface LoanTerms {
  principal: number;
  dailyRatePpm: number;
  termMonths: number;
}

/** The instalments fixed for a loan effective on `effectiveOn` (yyyy-mm-dd); first due a month later. */
export function invoiceSchedule(terms: LoanTerms, effectiveOn: string): Instalment[] {
  return buildSchedule({ principal: terms.principal, dailyRatePpm: terms.dailyRatePpm, termMonths: terms.termMonths, startDate: effectiveOn }).instalments;
}

/** What an invoice records of money: its parts and what was paid of each (allocation: late fee → interest → principal). */
export interface InvoiceAmounts {
  dueOn: string;
  principal: number;
  interest: number;
  lateFee: number;
  paidPrincipal: number;
  paidInterest: number;
  paidLateFee: number;
}

/** What is still owed on an invoice: unpaid late fee + interest + principal. */
export function invoiceOutstanding(i: InvoiceAmounts): number {
  return i.lateFee - i.paidLateFee + (i.interest - i.paidInterest) + (i.principal - i.paidPrincipal);
}

/**
 * The late fee an invoice owes on `today` beyond what is recorded. Late fees are accrued by the
 * daily job of the repayment work; until then this contributes nothing.
 */
export function unrecordedLateFee(_invoice: InvoiceAmounts, _today: string): number {
  return 0;
}

/** Amount due now: what is owed on the invoices due on or before `today` (yyyy-mm-dd compares as text). */
export function amountDueNow(invoices: readonly InvoiceAmounts[], today: string): number {
  return invoices.filter((i) => i.dueOn <= today).reduce((sum, i) => sum + invoiceOutstanding(i) + unrecordedLateFee(i, today), 0);
}

/** How the borrower sees an invoice on `today`: paid (Lunas), late (Terlambat) once past due_on and open, else open. */
export function invoiceState(i: { status: string; dueOn: string }, today: string): "paid" | "late" | "open" {
  if (i.status === "paid") return "paid";
  return i.dueOn < today ? "late" : "open";
}
