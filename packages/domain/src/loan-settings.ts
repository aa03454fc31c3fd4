import { t } from "@pinjaman/i18n";
import { formatTerm } from "./dates.ts";
import { formatRupiah } from "./money.ts";
import "@pinjaman/i18n/ns/validation";

/** Loan slider settings; the play-store and onboarding sets are identical (spec section 9). */
export interface LoanSettings {
  min_term: number;
  max_term: number;
  term_step: number;
  default_term: number;
  min_amount: number;
  max_amount: number;
  amount_step: number;
  default_amount: number;
}

export const LOAN_SETTINGS: LoanSettings = {
  min_term: 1,
  max_term: 12,
  term_step: 1,
  default_term: 7,
  min_amount: 500000,
  max_amount: 20000000,
  amount_step: 500000,
  default_amount: 500000,
};

/**
 * Allowed slider values: min, min + step, … up to max (inclusive when reached).
 * Empty when min > max. Throws a RangeError for a step that is not a positive integer.
 */
export function rangeValues(min: number, max: number, step: number): number[] {
  if (!Number.isSafeInteger(step) || step <= 0) throw new RangeError(`Step must be a positive integer: ${step}`);
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
    throw new RangeError(`Range bounds must be integers: ${min}..${max}`);
  }
  const values: number[] = [];
  for (let value = min; value <= max; value += step) values.push(value);
  return values;
}

/**
 * A slider value: truncated to a whole number, then limited to the allowed values — the
 * smallest when below, the largest when above, otherwise the nearest allowed value (the lower
 * one on a tie). An empty list leaves the truncated value as it is; NaN becomes the smallest.
 */
export function clampToRange(value: number, values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const lowest = sorted[0];
  const highest = sorted[sorted.length - 1];
  if (lowest === undefined || highest === undefined) return Math.trunc(value);
  if (Number.isNaN(value)) return lowest;
  const whole = Math.trunc(value);
  if (whole <= lowest) return lowest;
  if (whole >= highest) return highest;
  let best = lowest;
  for (const allowed of sorted) {
    if (Math.abs(allowed - whole) < Math.abs(best - whole)) best = allowed;
  }
  return best;
}

export type LoanRequestField = "amount" | "term";

export interface LoanRequestError {
  field: LoanRequestField;
  message: string;
}

/**
 * Checks a requested amount and term against the settings: whole numbers, within the bounds and
 * on the step grid counted from the minimum. At most one message per field, in Indonesian.
 */
export function checkLoanRequest(
  { amount, term }: { amount: number; term: number },
  settings: LoanSettings = LOAN_SETTINGS,
): LoanRequestError[] {
  const errors: LoanRequestError[] = [];

  if (!Number.isSafeInteger(amount)) {
    errors.push({ field: "amount", message: t("validation.loan.amount_whole") });
  } else if (amount < settings.min_amount || amount > settings.max_amount) {
    errors.push({
      field: "amount",
      message: t("validation.loan.amount_range", {
        min: formatRupiah(settings.min_amount),
        max: formatRupiah(settings.max_amount),
      }),
    });
  } else if ((amount - settings.min_amount) % settings.amount_step !== 0) {
    errors.push({
      field: "amount",
      message: t("validation.loan.amount_step", { step: formatRupiah(settings.amount_step) }),
    });
  }

  if (!Number.isSafeInteger(term)) {
    errors.push({ field: "term", message: t("validation.loan.term_whole") });
  } else if (term < settings.min_term || term > settings.max_term) {
    errors.push({
      field: "term",
      message: t("validation.loan.term_range", {
        min: formatTerm(settings.min_term, "month"),
        max: formatTerm(settings.max_term, "month"),
      }),
    });
  } else if ((term - settings.min_term) % settings.term_step !== 0) {
    errors.push({
      field: "term",
      message: t("validation.loan.term_step", { step: formatTerm(settings.term_step, "month") }),
    });
  }

  return errors;
}
