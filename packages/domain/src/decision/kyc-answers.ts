/**
 * Rupiah figures read from onboarding's banded KYC answers (select fields). A band stands for
 * the figure that is safest for the borrower: income at its lower end, other platforms'
 * instalments at their upper end (the open top band at its lower end, the least we know).
 * "below_3m" counts as Rp 2.000.000, about the lowest provincial minimum wage of 2025-2026.
 */
export const MONTHLY_INCOME_BANDS = {
  below_3m: 2_000_000,
  "3m_5m": 3_000_000,
  "5m_10m": 5_000_000,
  "10m_20m": 10_000_000,
  above_20m: 20_000_000,
} as const satisfies Record<string, number>;

export const OTHER_PLATFORMS_INSTALMENT_BANDS = {
  none: 0,
  below_1m: 1_000_000,
  "1m_3m": 3_000_000,
  "3m_5m": 5_000_000,
  above_5m: 5_000_000,
} as const satisfies Record<string, number>;

/** Declared number of other lending platforms with an outstanding loan; "4_or_more" counts as 4. */
export const OTHER_PLATFORMS_COUNT_OPTIONS = { "0": 0, "1": 1, "2": 2, "3": 3, "4_or_more": 4 } as const satisfies Record<string, number>;

function band<T extends Record<string, number>>(bands: T, answer: unknown): number | null {
  return typeof answer === "string" && Object.hasOwn(bands, answer) ? bands[answer]! : null;
}

/** The KYC answers the decision reads, as rupiah and counts; null where the flow asked nothing. */
export type DeclaredFinances = {
  monthlyIncome: number | null;
  otherPlatformsInstalment: number | null;
  otherPlatformsCount: number | null;
  employmentType: string | null;
};

/** Reads onboarding's answers by field key: monthly_income, other_platforms_instalment, other_platforms_count, employment_type. */
export function declaredFinances(kyc: Record<string, unknown>): DeclaredFinances {
  return {
    monthlyIncome: band(MONTHLY_INCOME_BANDS, kyc.monthly_income),
    otherPlatformsInstalment: band(OTHER_PLATFORMS_INSTALMENT_BANDS, kyc.other_platforms_instalment),
    otherPlatformsCount: band(OTHER_PLATFORMS_COUNT_OPTIONS, kyc.other_platforms_count),
    employmentType: typeof kyc.employment_type === "string" ? kyc.employment_type : typeof kyc.payroll_employer === "string" ? "payroll" : null,
  };
}
