import { parseIsoDate } from "../dates.ts";
import { MIN_APPLICANT_AGE, nikAge } from "../nik.ts";

/**
 * The automatic decision on a submitted application, rules as data (decision record 0010).
 *
 * Sources:
 * - Age ≥ 25: spec section 5 / 9 (the platform's minimum age), age from the NIK's birth date.
 * - Affordability: SEOJK 19/SEOJK.06/2025 (LPBBTI, derived from POJK 40/2024), section 13 on
 *   credit scoring, as reported (bisnis.com 31 Aug 2025, OJK statement of 12 Jan 2026): the
 *   borrower's instalments on online loans (principal plus economic benefit) at most 40 % of
 *   income in 2025 and 30 % from 2026. The earliest figure known (40 %) applies to earlier dates.
 *   Applied to every product here (the circular names consumptive loans; stricter for the rest).
 * - Other platforms: SEOJK 19/SEOJK.06/2023, as reported (OJK, 10 Nov 2023): a borrower may not
 *   receive funding through more than 3 platforms *including this one*, so at most 2 others.
 * - One application in flight per customer, and one customer per NIK: the platform's own rules
 *   (spec section 4, the new-loan rule; the KYC identity).
 */

export type RuleKey = "minimum_age" | "personal_code_unique" | "one_open_application" | "other_platforms" | "affordability";

export type DecisionInput = {
  /** The decision's date (Jakarta), yyyy-mm-dd. */
  today: string;
  personalCode: string;
  /** The same NIK on another customer's profile. */
  personalCodeOnOtherCustomer: boolean;
  /** The customer's other applications in flight, besides this one. */
  otherApplicationsInFlight: number;
  /** This loan's monthly instalment (principal + economic benefit), rupiah. */
  instalment: number;
  /** Declared monthly income, rupiah; null when the flow asks none (payroll, business loans). */
  monthlyIncome: number | null;
  /** Declared monthly instalments on other platforms, rupiah; null when not asked. */
  otherPlatformsInstalment: number | null;
  /** Declared number of other platforms with an outstanding loan; null when not asked. */
  otherPlatformsCount: number | null;
  employmentType: string | null;
};

type Value = number | string | boolean | null;

/** One rule's outcome as recorded: passed null = could not be measured (an operator decides). */
export type RuleResult = {
  key: RuleKey;
  passed: boolean | null;
  measured: Record<string, Value>;
  threshold: Record<string, Value>;
  source: string;
};

/** Debt-service ratio caps in basis points of income, oldest first. */
export const AFFORDABILITY_CAP_PERIODS: readonly { from: string; capBp: number }[] = [
  { from: "0000-01-01", capBp: 4000 },
  { from: "2026-01-01", capBp: 3000 },
];

export const MAX_OTHER_PLATFORMS = 2;
export const MAX_OTHER_APPLICATIONS_IN_FLIGHT = 0;

export function affordabilityCapBp(today: string): number {
  if (!parseIsoDate(today)) throw new RangeError(`today must be yyyy-mm-dd, got ${today}`);
  let cap = AFFORDABILITY_CAP_PERIODS[0]!.capBp;
  for (const period of AFFORDABILITY_CAP_PERIODS) if (period.from <= today) cap = period.capBp;
  return cap;
}

/** All online-loan instalments over income, in basis points rounded up; null without an income. */
export function debtServiceRatioBp(instalments: number, monthlyIncome: number | null): number | null {
  if (monthlyIncome === null || monthlyIncome <= 0) return null;
  return Math.ceil((instalments * 10_000) / monthlyIncome);
}

type Rule = { key: RuleKey; source: string; check(input: DecisionInput): Pick<RuleResult, "passed" | "measured" | "threshold"> };

/** In the order a borrower is told the first failure. */
export const DECISION_RULES: readonly Rule[] = [
  {
    key: "minimum_age",
    source: "spec sections 5 and 9: minimum applicant age 25, from the NIK",
    check: ({ personalCode, today }) => {
      const age = nikAge(personalCode, today);
      return { passed: age !== null && age >= MIN_APPLICANT_AGE, measured: { age }, threshold: { min_age: MIN_APPLICANT_AGE } };
    },
  },
  {
    key: "personal_code_unique",
    source: "one customer per NIK (KYC identity)",
    check: ({ personalCodeOnOtherCustomer }) => ({ passed: !personalCodeOnOtherCustomer, measured: { on_other_customer: personalCodeOnOtherCustomer }, threshold: { on_other_customer: false } }),
  },
  {
    key: "one_open_application",
    source: "spec section 4, new-loan rule: one application in flight per customer",
    check: ({ otherApplicationsInFlight }) => ({
      passed: otherApplicationsInFlight <= MAX_OTHER_APPLICATIONS_IN_FLIGHT,
      measured: { other_applications_in_flight: otherApplicationsInFlight },
      threshold: { max: MAX_OTHER_APPLICATIONS_IN_FLIGHT },
    }),
  },
  {
    key: "other_platforms",
    source: "SEOJK 19/SEOJK.06/2023 (as reported 10 Nov 2023): funding through at most 3 platforms including this one",
    check: ({ otherPlatformsCount }) => ({
      passed: otherPlatformsCount === null ? null : otherPlatformsCount <= MAX_OTHER_PLATFORMS,
      measured: { other_platforms: otherPlatformsCount },
      threshold: { max: MAX_OTHER_PLATFORMS },
    }),
  },
  {
    key: "affordability",
    source: "SEOJK 19/SEOJK.06/2025 section 13 (as reported 31 Aug 2025 and 12 Jan 2026): online-loan instalments ≤ 40 % of income in 2025, ≤ 30 % from 2026",
    check: ({ instalment, otherPlatformsInstalment, monthlyIncome, today }) => {
      const total = otherPlatformsInstalment === null ? null : instalment + otherPlatformsInstalment;
      const ratioBp = total === null ? null : debtServiceRatioBp(total, monthlyIncome);
      const capBp = affordabilityCapBp(today);
      return {
        passed: ratioBp === null ? null : ratioBp <= capBp,
        measured: { monthly_income: monthlyIncome, instalment, other_platforms_instalment: otherPlatformsInstalment, ratio_bp: ratioBp },
        threshold: { max_ratio_bp: capBp },
      };
    },
  },
];

export type RiskGrade = "A" | "B" | "C" | "D" | "E";

export type Decision =
  | { outcome: "approve"; rules: RuleResult[]; grade: RiskGrade }
  | { outcome: "reject"; rules: RuleResult[]; reason: RuleKey }
  /** A rule could not be measured (the flow asks no income): stays submitted for an operator. */
  | { outcome: "refer"; rules: RuleResult[] };

/** Every rule's outcome in table order; the first failure is the borrower's reason. */
export function evaluateRules(input: DecisionInput): RuleResult[] {
  return DECISION_RULES.map((rule) => ({ key: rule.key, ...rule.check(input), source: rule.source }));
}

export function decideApplication(input: DecisionInput, grade: (input: DecisionInput) => RiskGrade): Decision {
  const rules = evaluateRules(input);
  const failed = rules.find((r) => r.passed === false);
  if (failed) return { outcome: "reject", rules, reason: failed.key };
  if (rules.some((r) => r.passed === null)) return { outcome: "refer", rules };
  return { outcome: "approve", rules, grade: grade(input) };
}
