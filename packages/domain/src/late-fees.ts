import { addDays } from "./dates.ts";
import { isRupiah } from "./money.ts";
import { lateFeeCap, maxLateFeeTotal, type LoanType, type ProductiveSegment } from "./ojk-guard.ts";
import { PPM } from "./schedule.ts";
import { byOldest, type InvoiceToAllocate } from "./repayment-allocation.ts";

/**
 * Late fees (decision 0013). An invoice is late from the day after its due date; for each late
 * day it is charged floor(overdue × rate / 1 000 000), where overdue is its unpaid principal +
 * interest (late fees never bear late fees) and the rate is the product's late-fee rate, lowered
 * to the OJK late-fee cap for the loan's type, tenor and that day (`lateFeeCap`). The late fees of
 * the whole loan never take its total cost (interest + fees + late fees) above 100 % of the
 * principal (`maxLateFeeTotal`): the day's fee is cut to the room left, then to zero.
 */

export interface LateFeeLoan {
  loanType: LoanType;
  termMonths: number;
  segment?: ProductiveSegment;
  principal: number;
  /** Interest plus every fee over the loan's life (the economic benefit), integer rupiah. */
  benefitTotal: number;
  /** The product's late-fee rate in ppm per day; the OJK cap when absent or above it. */
  lateFeeRatePpm?: number;
}

/** Late on `date`: the date is after the due date (yyyy-mm-dd compares as text). */
export function isLateOn(dueOn: string, date: string): boolean {
  return date > dueOn;
}

export function lateFeeRateOn(loan: LateFeeLoan, onDate: string): number {
  const cap = lateFeeCap(loan.loanType, loan.termMonths, onDate, loan.segment);
  const own = loan.lateFeeRatePpm;
  if (own !== undefined && (!Number.isSafeInteger(own) || own < 0)) throw new RangeError(`lateFeeRatePpm must be a non-negative integer, got ${own}`);
  return loan.lateFeeRatePpm === undefined ? cap : Math.min(loan.lateFeeRatePpm, cap);
}

/**
 * The late fee one late day adds: the daily fee on `overdue`, cut to the room the total-cost
 * ceiling leaves given `lateFeesSoFar` (all late fees already charged on the loan).
 */
export function lateFeeForDay(overdue: number, loan: LateFeeLoan, onDate: string, lateFeesSoFar: number): number {
  if (!isRupiah(overdue) || !isRupiah(lateFeesSoFar) || !isRupiah(loan.benefitTotal)) {
    throw new RangeError("Amounts must be integer rupiah");
  }
  const daily = Number((BigInt(overdue) * BigInt(lateFeeRateOn(loan, onDate))) / BigInt(PPM));
  return Math.min(daily, maxLateFeeTotal(loan.principal, loan.benefitTotal + lateFeesSoFar));
}

/**
 * The late fee for `days` late days starting on `firstLateDay` on an unchanged `overdue`
 * (the rate may change at a cap period's boundary), capped as a whole by the ceiling.
 */
export function lateFeeForDays(overdue: number, loan: LateFeeLoan, firstLateDay: string, days: number, lateFeesSoFar: number): number {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer, got ${days}`);
  let charged = 0;
  for (let k = 0; k < days; k += 1) {
    const fee = lateFeeForDay(overdue, loan, addDays(firstLateDay, k), lateFeesSoFar + charged);
    if (fee === 0 && maxLateFeeTotal(loan.principal, loan.benefitTotal + lateFeesSoFar + charged) === 0) break;
    charged += fee;
  }
  return charged;
}

/** Unpaid principal + interest of an invoice: the base its late fee is charged on. */
export function overdueBase(i: InvoiceToAllocate): number {
  return i.principal - i.paidPrincipal + (i.interest - i.paidInterest);
}

export interface LateFeeAccrual {
  number: number;
  lateFee: number;
}

/**
 * One day's accrual for a loan (what the daily job records): each invoice late on `onDate`
 * gets its day's fee, oldest first, all sharing the loan's room under the ceiling. The loan's
 * late fees so far are the sum of the invoices' `lateFee`.
 */
export function accrueLateFees(invoices: readonly InvoiceToAllocate[], loan: LateFeeLoan, onDate: string): LateFeeAccrual[] {
  let soFar = invoices.reduce((s, i) => s + i.lateFee, 0);
  const accruals: LateFeeAccrual[] = [];
  for (const invoice of [...invoices].sort(byOldest)) {
    if (!isLateOn(invoice.dueOn, onDate)) continue;
    const fee = lateFeeForDay(overdueBase(invoice), loan, onDate, soFar);
    if (fee === 0) continue;
    soFar += fee;
    accruals.push({ number: invoice.number, lateFee: fee });
  }
  return accruals;
}
