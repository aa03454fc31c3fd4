import { PPM } from "./schedule.ts";

/**
 * Automatic insurance of lenders' investments (issue 9 §4, decision 0024), as data.
 *
 * Premium: a share of each insured investment's gross interest, taken when the interest is paid
 * (nothing is charged on a loan that pays no interest, nothing up front). 15 % of interest: at the
 * OJK cap for consumer loans (0.3 %/day, about 9 % of principal a month) it is about 1.35 % of the
 * principal per month of term, about 4 % on a three-month loan, against the 2–5 % of principal a
 * credit insurer expects to pay out on a book whose TKB90 is 95–98 %. A placeholder for the
 * contract with the insurer, like PLATFORM_FEE_PPM: one constant to change.
 *
 * Cover: 100 % of the investment's outstanding principal (what its lender_investment share still
 * holds) when the loan passes CLAIM_AFTER_DAYS_PAST_DUE; interest and late fees not yet paid are
 * not covered. After the claim the share belongs to the insurer (subrogation): whatever the
 * borrower pays on it later goes to the insurer.
 */
export const INSURANCE_PREMIUM_PPM = 150_000;
export const INSURANCE_COVERAGE_PPM = PPM;
/** TWP90's threshold: a loan more than 90 days past due is in default (day 91 files the claim). */
export const CLAIM_AFTER_DAYS_PAST_DUE = 90;

/** What the insurer pays on a claim: the covered part of the outstanding principal, rounded down. */
export function claimAmount(outstandingPrincipal: number): number {
  return Number((BigInt(outstandingPrincipal) * BigInt(INSURANCE_COVERAGE_PPM)) / BigInt(PPM));
}

/** The premium rate an investment pays on its interest: none unless insured, none once claimed (the share is the insurer's). */
export function premiumRatePpm(investment: { insured: boolean; claimed: boolean }): number {
  return investment.insured && !investment.claimed ? INSURANCE_PREMIUM_PPM : 0;
}

/**
 * What the platform holds for the insurer (premiums, recoveries on claimed shares) is paid over
 * monthly: on any business date, the month before it is the period due (a missed day is caught up
 * the next). Answers "YYYY-MM" and the period's last date.
 */
export function remittancePeriodBefore(businessDate: string): { period: string; lastDay: string } {
  const [year, month] = businessDate.split("-").map(Number) as [number, number];
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const period = `${y}-${String(m).padStart(2, "0")}`;
  return { period, lastDay: `${period}-${String(lastDay).padStart(2, "0")}` };
}
