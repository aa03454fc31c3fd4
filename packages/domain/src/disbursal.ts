import { addDays } from "./dates.ts";

/**
 * Disbursal rules (issue 8 section 4, decision 0015): the cooling-off period after full funding,
 * the upfront fee taken from the payout, and how often a refused bank transfer is retried.
 */

/**
 * Calendar days of cooling-off after an application is fully funded: the borrower may still
 * cancel free of charge. Counted on the business date it was funded (`funded_on`); the
 * disbursal starts on the business date `funded_on + COOLING_OFF_DAYS`, so the borrower has the
 * rest of the funding day and the whole next day. Calendar, not bank working days: the books
 * keep no holiday calendar, and a weekend must not hold the money longer.
 */
export const COOLING_OFF_DAYS = 2;

/** The first business date on which an application funded on `fundedOn` starts its disbursal. */
export function coolingOffEndsOn(fundedOn: string): string {
  return addDays(fundedOn, COOLING_OFF_DAYS);
}

/**
 * The upfront fee, in ppm of the principal, taken from the payout. The products charge none
 * today (their whole economic benefit is the flat interest, checked against the OJK cap); a fee
 * would have to count in `feesTotal` of ojk-guard's `withinOjkCaps` at offer time.
 */
export const UPFRONT_FEE_PPM = 0;

export type DisbursalSplit = {
  /** What the bank pays into the borrower's account. */
  payout: number;
  /** The platform's upfront fee, kept from the principal. */
  fee: number;
};

/** Principal split into payout and fee (fee rounded down): payout + fee = principal exactly. */
export function disbursalSplit(principal: number, feePpm: number = UPFRONT_FEE_PPM): DisbursalSplit {
  if (!Number.isSafeInteger(principal) || principal <= 0) throw new RangeError(`principal must be a positive whole rupiah amount: ${principal}`);
  if (!Number.isSafeInteger(feePpm) || feePpm < 0 || feePpm >= 1_000_000) throw new RangeError(`fee must be 0 … 999,999 ppm: ${feePpm}`);
  const fee = Number((BigInt(principal) * BigInt(feePpm)) / 1_000_000n);
  return { payout: principal - fee, fee };
}

/** Bank transfer attempts before a disbursal is given up (the application cancelled, lenders refunded). */
export const MAX_DISBURSAL_ATTEMPTS = 5;

/** Minutes to wait after failed attempt `attempt` (1-based): 15, 30, 60, 120 … doubling. */
export function disbursalRetryDelayMinutes(attempt: number): number {
  if (!Number.isSafeInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be 1 or more: ${attempt}`);
  return 15 * 2 ** Math.min(attempt - 1, 10);
}
