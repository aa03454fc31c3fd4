import { addDays } from "./dates.ts";

/**
 * Funding rules (issue 8): how much a lender may invest in an account application, and how long
 * an approved application waits for investment. The spec (section 9) names no investment limits;
 * these are the platform's own settings, kept here so server and client show the same rule.
 */

/** Per investment, in whole rupiah: at least `min`, in multiples of `step`. */
export const INVESTMENT_AMOUNT = { min: 100_000, step: 100_000 } as const;

/**
 * Days an approved application waits for investment, counted from the business date of its
 * approval: on the business date `approved + FUNDING_PERIOD_DAYS` the daily job expires it if it
 * is not fully funded (decision 0010).
 */
export const FUNDING_PERIOD_DAYS = 14;

/**
 * The business date an application approved on `approvedOn` expires unless fully funded; the
 * period is the platform setting staff may change (back office), FUNDING_PERIOD_DAYS by default.
 */
export function fundingDeadline(approvedOn: string, periodDays: number = FUNDING_PERIOD_DAYS): string {
  return addDays(approvedOn, periodDays);
}

export type InvestmentAmountProblem = "below_minimum" | "not_a_step" | "above_remaining";

/**
 * Why `amount` may never be invested, whatever the application still needs (below the minimum,
 * off the step), or null. The server checks it before the application is locked and passes it
 * to the investment's SQL function, which checks what remains under the lock (decision 0019).
 */
export function investmentAmountRuleProblem(amount: number): Exclude<InvestmentAmountProblem, "above_remaining"> | null {
  if (amount < INVESTMENT_AMOUNT.min) return "below_minimum";
  if (amount % INVESTMENT_AMOUNT.step !== 0) return "not_a_step";
  return null;
}

/** Why `amount` may not be invested in an application that still needs `remaining`, or null. */
export function investmentAmountProblem(amount: number, remaining: number): InvestmentAmountProblem | null {
  return investmentAmountRuleProblem(amount) ?? (amount > remaining ? "above_remaining" : null);
}

/** What an application of `amount` still needs when `funded` is already reserved or settled. */
export function remainingAmount(amount: number, funded: number): number {
  return Math.max(0, amount - funded);
}
