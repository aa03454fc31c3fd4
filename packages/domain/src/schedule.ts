import { addMonths, parseIsoDate } from "./dates.ts";
import { isRupiah } from "./money.ts";

/**
 * Flat daily-rate schedule as Indonesian lenders price it: interest is charged on the original
 * principal for every day of the term, with a month counted as `daysPerMonth` days.
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

/** floor(principal × rate × days / 1 000 000) in BigInt; days = daysPerMonth × termMonths. */
export function flatInterest(
  principal: number,
  dailyRatePpm: number,
  termMonths: number,
  daysPerMonth: number = DEFAULT_DAYS_PER_MONTH,
): number {
  if (!isRupiah(principal)) throw new RangeError(`principal must be integer rupiah, got ${principal}`);
  if (!Number.isSafeInteger(dailyRatePpm) || dailyRatePpm < 0) {
    throw new RangeError(`dailyRatePpm must be a non-negative integer, got ${dailyRatePpm}`);
  }
  requirePositiveInteger("termMonths", termMonths);
  requirePositiveInteger("daysPerMonth", daysPerMonth);
  const interest =
    (BigInt(principal) * BigInt(dailyRatePpm) * BigInt(daysPerMonth) * BigInt(termMonths)) / BigInt(PPM);
  return toSafeNumber(interest, "Interest");
}

/**
 * Builds the schedule. Each instalment carries floor(total / term) of principal and of interest;
 * the last one also takes both remainders, so the instalments add up to principal + interest
 * exactly. Due dates are startDate + n months (clamped to month end, never drifting).
 */
export function buildSchedule({
  principal,
  dailyRatePpm,
  termMonths,
  startDate,
  daysPerMonth = DEFAULT_DAYS_PER_MONTH,
}: ScheduleInput): Schedule {
  if (!parseIsoDate(startDate)) throw new RangeError(`startDate must be yyyy-mm-dd, got ${startDate}`);
  const totalInterest = flatInterest(principal, dailyRatePpm, termMonths, daysPerMonth);
  const totalRepayment = toSafeNumber(BigInt(principal) + BigInt(totalInterest), "Total repayment");

  // Remainders via %, which is exact on safe integers; (x − r) / term is then an exact quotient.
  const principalRemainder = principal % termMonths;
  const interestRemainder = totalInterest % termMonths;
  const principalPart = (principal - principalRemainder) / termMonths;
  const interestPart = (totalInterest - interestRemainder) / termMonths;

  const instalments: Instalment[] = [];
  for (let number = 1; number <= termMonths; number += 1) {
    const last = number === termMonths;
    const p = principalPart + (last ? principalRemainder : 0);
    const i = interestPart + (last ? interestRemainder : 0);
    instalments.push({ number, dueDate: addMonths(startDate, number), principal: p, interest: i, amount: p + i });
  }

  return { principal, dailyRatePpm, termMonths, totalInterest, totalRepayment, instalments };
}
