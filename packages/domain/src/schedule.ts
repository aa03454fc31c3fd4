import { addMonths, parseIsoDate } from "./dates.ts";
import { isRupiah } from "./money.ts";

/**
 * Flat daily-rate schedule as Indonesian lenders price it (decision 0003): interest is charged on
 * the original principal, each instalment one month of `daysPerMonth` days, rounded down per
 * instalment so no instalment carries a rounding remainder of interest. The amounts do not
 * depend on the start date; only the due dates do. The OJK guard (ojk-guard.ts) prices the rate
 * so that a month of 30 days fits the cap even in the shortest calendar period (28 days).
 * All arithmetic is integer; products that could pass 2^53 are done in BigInt.
 */

export const PPM = 1_000_000;
export const DEFAULT_DAYS_PER_MONTH = 30;

export interface ScheduleInput {
  principal: number;
  dailyRatePpm: number;
  termMonths: number;
  /** yyyy-mm-dd; the first instalment falls due one month later. */
  startDate: string;
  daysPerMonth?: number;
}

export interface Instalment {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  amount: number;
}

export interface Schedule {
  principal: number;
  /** yyyy-mm-dd: the day interest starts; the first period runs from it to the first due date. */
  startDate: string;
  dailyRatePpm: number;
  termMonths: number;
  totalInterest: number;
  totalRepayment: number;
  instalments: Instalment[];
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} exceeds the safe integer range`);
  return Number(value);
}

/** One instalment's interest: floor(principal × rate × daysPerMonth / 1 000 000) in BigInt. */
export function monthlyInterest(
  principal: number,
  dailyRatePpm: number,
  daysPerMonth: number = DEFAULT_DAYS_PER_MONTH,
): number {
  if (!isRupiah(principal)) throw new RangeError(`principal must be integer rupiah, got ${principal}`);
  if (!Number.isSafeInteger(dailyRatePpm) || dailyRatePpm < 0) {
    throw new RangeError(`dailyRatePpm must be a non-negative integer, got ${dailyRatePpm}`);
  }
  requirePositiveInteger("daysPerMonth", daysPerMonth);
  const interest = (BigInt(principal) * BigInt(dailyRatePpm) * BigInt(daysPerMonth)) / BigInt(PPM);
  return toSafeNumber(interest, "Interest");
}

/** The schedule's total interest: termMonths instalments of `monthlyInterest` each. */
export function flatInterest(
  principal: number,
  dailyRatePpm: number,
  termMonths: number,
  daysPerMonth: number = DEFAULT_DAYS_PER_MONTH,
): number {
  requirePositiveInteger("termMonths", termMonths);
  const perMonth = monthlyInterest(principal, dailyRatePpm, daysPerMonth);
  return toSafeNumber(BigInt(perMonth) * BigInt(termMonths), "Interest");
}

/**
 * Builds the schedule. Each instalment carries floor(principal / term) of principal, the last one
 * also the remainder, and one `monthlyInterest`; so the instalments add up to principal +
 * interest exactly. Due dates are startDate + n months (clamped to month end, never drifting).
 */
export function buildSchedule({
  principal,
  dailyRatePpm,
  termMonths,
  startDate,
  daysPerMonth = DEFAULT_DAYS_PER_MONTH,
}: ScheduleInput): Schedule {
  if (!parseIsoDate(startDate)) throw new RangeError(`startDate must be yyyy-mm-dd, got ${startDate}`);
  const interest = monthlyInterest(principal, dailyRatePpm, daysPerMonth);
  const totalInterest = flatInterest(principal, dailyRatePpm, termMonths, daysPerMonth);
  const totalRepayment = toSafeNumber(BigInt(principal) + BigInt(totalInterest), "Total repayment");

  // The remainder via %, which is exact on safe integers; (x − r) / term is then an exact quotient.
  const principalRemainder = principal % termMonths;
  const principalPart = (principal - principalRemainder) / termMonths;

  const instalments: Instalment[] = [];
  for (let number = 1; number <= termMonths; number += 1) {
    const last = number === termMonths;
    const p = principalPart + (last ? principalRemainder : 0);
    instalments.push({ number, dueDate: addMonths(startDate, number), principal: p, interest, amount: p + interest });
  }

  return { principal, startDate, dailyRatePpm, termMonths, totalInterest, totalRepayment, instalments };
}
