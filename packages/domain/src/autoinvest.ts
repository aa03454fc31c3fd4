import { INVESTMENT_AMOUNT } from "./funding.ts";

/**
 * Autoinvest (issue 9 §4, decision 0021): a lender's standing rules and the fair split of an
 * application's autoinvest share among the lenders whose rules match it. Pure: the API's job
 * reads the state, this decides, `invest()` carries each allocation out.
 */

export const RISK_GRADES = ["A", "B", "C", "D", "E"] as const;
export type RiskGrade = (typeof RISK_GRADES)[number];

/** Autoinvest may fill at most 80 % of each application's amount (ppm); the rest stays for lenders who choose by hand. */
export const AUTOINVEST_SHARE_PPM = 800_000;

/** Tenor bounds a rule may name, in months. */
export const AUTOINVEST_TENOR_MONTHS = { min: 1, max: 60 } as const;

/** The idempotency key prefix of every autoinvest investment: what marks an investment as the robot's. */
export const AUTOINVEST_KEY_PREFIX = "autoinvest:";

export type AutoinvestRules = {
  enabled: boolean;
  /** The most the robot puts in one application: a multiple of the investment step, at least the minimum. */
  amountPerLoan: number;
  tenorMinMonths: number;
  tenorMaxMonths: number;
  riskGrades: readonly RiskGrade[];
  /** Product keys; empty means every product. */
  productKeys: readonly string[];
  /** The most held (pending and settled) across one borrower's applications. */
  maxPerBorrower: number;
  /** Available balance the robot never touches. */
  reserve: number;
};

/** What an account's rules are until the lender saves their own: off, and modest if turned on as they are. */
export const AUTOINVEST_DEFAULTS: AutoinvestRules = {
  enabled: false,
  amountPerLoan: 500_000,
  tenorMinMonths: 1,
  tenorMaxMonths: 12,
  riskGrades: ["A", "B", "C"],
  productKeys: [],
  maxPerBorrower: 2_000_000,
  reserve: 0,
};

/** The facts of an application open for funding that rules are matched against. */
export type AutoinvestTarget = { term: number; riskGrade: string | null; productKey: string | null };

/** The key of a lender's autoinvest investment in one application (scoped to the investment account, so one per lender and application). */
export const autoinvestKey = (applicationId: string) => `${AUTOINVEST_KEY_PREFIX}${applicationId}`;

export const isAutoinvestKey = (key: string) => key.startsWith(AUTOINVEST_KEY_PREFIX);

const floorToStep = (amount: number) => Math.max(0, Math.floor(amount / INVESTMENT_AMOUNT.step) * INVESTMENT_AMOUNT.step);

/** Whether an enabled lender's rules take this application (an ungraded application matches nobody). */
export function matchesRules(rules: AutoinvestRules, target: AutoinvestTarget): boolean {
  return (
    rules.enabled &&
    target.term >= rules.tenorMinMonths &&
    target.term <= rules.tenorMaxMonths &&
    target.riskGrade !== null &&
    (rules.riskGrades as readonly string[]).includes(target.riskGrade) &&
    (rules.productKeys.length === 0 || (target.productKey !== null && rules.productKeys.includes(target.productKey)))
  );
}

/**
 * What autoinvest may place in an application of `amount` of which `funded` is already held:
 * AUTOINVEST_SHARE_PPM (or the platform setting staff saved) of the amount, never more than what remains, in whole steps.
 */
export function autoinvestShare(amount: number, funded: number, sharePpm: number = AUTOINVEST_SHARE_PPM): number {
  const share = Math.floor((amount * sharePpm) / 1_000_000);
  return floorToStep(Math.min(share, amount - funded));
}

/**
 * The most one lender may receive in one application, in whole steps: their amount per loan, their
 * available balance above the reserve, and what their maximum per borrower still allows.
 */
export function lenderBudget(rules: AutoinvestRules, available: number, heldWithBorrower: number): number {
  return floorToStep(Math.min(rules.amountPerLoan, available - rules.reserve, rules.maxPerBorrower - heldWithBorrower));
}

export type Candidate = { id: string; budget: number };
export type Allocation = { id: string; amount: number };

/**
 * The fairness rule (decision 0021): round robin in steps. `candidates` come in rotation order
 * (least recently served first). Each round gives every candidate whose budget still has a step one
 * investment step, in that order, until `share` has no step left or no candidate can take one. So
 * two candidates who could both take more differ by at most one step, and the one-step extras go
 * to the front of the rotation. Answers the allocations ordered by when each lender received their
 * last step: the order to put them at the back of the rotation in.
 */
export function allocateRoundRobin(share: number, candidates: readonly Candidate[], step: number = INVESTMENT_AMOUNT.step): Allocation[] {
  const given = new Map<string, number>();
  const lastStep = new Map<string, number>();
  let left = Math.floor(share / step);
  let open = candidates.filter((c) => c.budget >= step);
  let tick = 0;
  while (left > 0 && open.length > 0) {
    for (const candidate of open) {
      if (left === 0) break;
      given.set(candidate.id, (given.get(candidate.id) ?? 0) + step);
      lastStep.set(candidate.id, tick++);
      left--;
    }
    open = open.filter((c) => c.budget - (given.get(c.id) ?? 0) >= step);
  }
  return [...given.entries()].sort((a, b) => lastStep.get(a[0])! - lastStep.get(b[0])!).map(([id, amount]) => ({ id, amount }));
}
