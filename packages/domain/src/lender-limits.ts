/**
 * How much one individual lender may have placed with this platform (OJK, decision 0022):
 * a non-professional lender (resident individual with gross income ≤ Rp500 million a year) at
 * most 10 % of their annual income, a professional one (income above that) at most 20 %. Every
 * individual lender registered through the lender flow is held to these shares, non-residents
 * included (the circular as reported caps no non-resident individual; the platform is stricter).
 *
 * "Placed" is what is at risk now: the principal of the lender's pending investments (reserved)
 * and of their settled ones still owed (decision 0022). The database function `funding_invest`
 * applies the same rule through `lender_placement_limit` (migration 0020); a test keeps the two
 * equal on every boundary.
 */

/** The income up to which a lender is non-professional (inclusive), in rupiah a year. */
export const NON_PROFESSIONAL_MAX_INCOME = 500_000_000;
/** Shares of annual income in parts per million. */
export const NON_PROFESSIONAL_SHARE_PPM = 100_000;
export const PROFESSIONAL_SHARE_PPM = 200_000;
/** SEOJK 19/SEOJK.06/2025: an Indonesian lender earns at least Rp3 million gross a month. */
export const MIN_ANNUAL_INCOME = 36_000_000;

export type LenderClass = "non_professional" | "professional";

export function lenderClass(annualIncome: number): LenderClass {
  return annualIncome <= NON_PROFESSIONAL_MAX_INCOME ? "non_professional" : "professional";
}

/** The most the lender may have placed, whole rupiah rounded down (never a rupiah above the share). */
export function placementLimit(annualIncome: number): number {
  const share = lenderClass(annualIncome) === "professional" ? PROFESSIONAL_SHARE_PPM : NON_PROFESSIONAL_SHARE_PPM;
  // Integer arithmetic that stays exact: income × share / 1e6 without a product above 2^53.
  return Math.floor(annualIncome / 1_000_000) * share + Math.floor(((annualIncome % 1_000_000) * share) / 1_000_000);
}

/** What the lender may still place: the limit minus what is placed now, never below zero. */
export function placementHeadroom(annualIncome: number, placed: number): number {
  return Math.max(placementLimit(annualIncome) - placed, 0);
}

/** Whether investing `amount` more keeps the lender within the limit (exactly at the limit is allowed). */
export function withinPlacementLimit(annualIncome: number, placed: number, amount: number): boolean {
  return placed + amount <= placementLimit(annualIncome);
}
