import { daysBetween, parseIsoDate } from "./dates.ts";
import { isRupiah } from "./money.ts";
import { byOldest, type InvoiceToAllocate } from "./repayment-allocation.ts";
import { DEFAULT_DAYS_PER_MONTH, PPM } from "./schedule.ts";

/**
 * Early full repayment (decision 0013). Paying the loan off today costs: the unpaid principal,
 * the unpaid late fees, and the interest earned to date minus the interest already paid, where
 * the interest earned to date is the largest of
 *   - the flat daily interest for the calendar days since the effective date
 *     (principal × daily rate × days, rounded down; days capped at the term's 30-day months),
 *   - the interest of the invoices already due (what was billed stays owed),
 *   - the interest already paid (never refunded),
 * and never more than the schedule's interest. The rest of the schedule's interest is waived.
 * So the payoff never exceeds what the remaining schedule would cost.
 */

export interface PayoffLoan {
  principal: number;
  dailyRatePpm: number;
  termMonths: number;
  /** yyyy-mm-dd: the day interest starts (disbursal). */
  effectiveOn: string;
  daysPerMonth?: number;
}

/** The only contract rule so far: interest to date at the flat daily rate. */
export type PayoffRule = "interest_to_date";

export interface Payoff {
  principal: number;
  interest: number;
  lateFee: number;
  /** principal + interest + late fee: the amount that closes the loan today. */
  total: number;
  /** Scheduled interest the borrower no longer owes when paying `total` today. */
  waivedInterest: number;
}

const sum = (invoices: readonly InvoiceToAllocate[], part: (i: InvoiceToAllocate) => number): number =>
  invoices.reduce((s, i) => s + part(i), 0);

export function payoffAmount(
  loan: PayoffLoan,
  invoices: readonly InvoiceToAllocate[],
  today: string,
  rule: PayoffRule = "interest_to_date",
): Payoff {
  if (rule !== "interest_to_date") throw new RangeError(`Unknown payoff rule ${String(rule)}`);
  if (!parseIsoDate(today)) throw new RangeError(`today must be yyyy-mm-dd, got ${today}`);
  const daysPerMonth = loan.daysPerMonth ?? DEFAULT_DAYS_PER_MONTH;
  const counts = [loan.dailyRatePpm, loan.termMonths, daysPerMonth];
  if (!isRupiah(loan.principal) || !counts.every((n) => Number.isSafeInteger(n) && n >= 0) || !parseIsoDate(loan.effectiveOn)) {
    throw new RangeError("Loan terms must be integer rupiah, integer rate and term, and a yyyy-mm-dd effective date");
  }
  const termDays = daysPerMonth * loan.termMonths;
  const days = Math.min(Math.max(0, daysBetween(loan.effectiveOn, today)), termDays);
  const accrued = Number((BigInt(loan.principal) * BigInt(loan.dailyRatePpm) * BigInt(days)) / BigInt(PPM));

  const scheduledInterest = sum(invoices, (i) => i.interest);
  const billedDue = sum(invoices.filter((i) => i.dueOn <= today), (i) => i.interest);
  const interestPaid = sum(invoices, (i) => i.paidInterest);
  const earned = Math.min(scheduledInterest, Math.max(accrued, billedDue, interestPaid));

  const principal = sum(invoices, (i) => i.principal - i.paidPrincipal);
  const interest = earned - interestPaid;
  const lateFee = sum(invoices, (i) => i.lateFee - i.paidLateFee);
  return { principal, interest, lateFee, total: principal + interest + lateFee, waivedInterest: scheduledInterest - earned };
}

/**
 * What the borrower still transfers for `owed`: less their credit (overpayments kept on the
 * loan), which the next payment uses first; 0 when the credit covers it.
 */
export function transferAfterCredit(owed: number, credit: number): number {
  if (!isRupiah(credit)) throw new RangeError(`credit must be integer rupiah, got ${credit}`);
  return Math.max(0, owed - credit);
}

/**
 * What the borrower still transfers to pay the loan off: the payoff less their credit. The loan
 * page, the statement and `payments/new` all show this one figure.
 */
export function payoffToTransfer(payoff: Pick<Payoff, "total">, credit: number): number {
  return transferAfterCredit(payoff.total, credit);
}

/**
 * The invoices as the payoff leaves them to be paid: the waived interest taken off the unpaid
 * interest of the newest invoices first. Allocating `payoff.total` to them pays everything.
 */
export function waiveInterest<T extends InvoiceToAllocate>(invoices: readonly T[], waived: number): T[] {
  if (!isRupiah(waived)) throw new RangeError(`waived must be integer rupiah, got ${waived}`);
  let left = waived;
  const cut = new Map<number, number>();
  for (const i of [...invoices].sort(byOldest).reverse()) {
    const part = Math.min(left, i.interest - i.paidInterest);
    if (part > 0) cut.set(i.number, part);
    left -= part;
  }
  if (left > 0) throw new RangeError("More interest waived than is unpaid");
  return invoices.map((i) => ({ ...i, interest: i.interest - (cut.get(i.number) ?? 0) }));
}
