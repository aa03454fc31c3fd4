import { t } from "@pinjaman/i18n";
import { parseIsoDate } from "./dates.ts";
import { formatDailyRate, formatPpmPercent, formatRupiah } from "./money.ts";
import type { LoanSettings } from "./loan-settings.ts";
import {
  checkOffer,
  dailyRateCap,
  offerRate,
  type LoanType,
} from "./ojk-guard.ts";
import "@pinjaman/i18n/ns/back_office_settings";

/**
 * A product's price list as staff change it (back office, decision "products, pricing and
 * settings"): the product's own daily rate, its upfront fee, the amount and tenor limits of the
 * calculator, and whether it is offered. One pure check shared by the server and the form, so
 * both refuse the same price with the same words.
 */
export interface ProductPricing extends LoanSettings {
  /** The product's daily rate in ppm; an offer for a long tenor is lowered to its OJK cap. */
  daily_rate_ppm: number;
  /** The upfront fee kept from the payout, in ppm of the principal (counts as economic benefit). */
  upfront_fee_ppm: number;
  active: boolean;
}

export type PricingField = Exclude<keyof ProductPricing, "active">;

export const PRICING_FIELDS: readonly PricingField[] = [
  "daily_rate_ppm",
  "upfront_fee_ppm",
  "min_amount",
  "max_amount",
  "amount_step",
  "default_amount",
  "min_term",
  "max_term",
  "term_step",
  "default_term",
];

/** Hard limits beside OJK's: a tenor the schedules keep sane, an amount within safe integers. */
export const PRICING_LIMITS = {
  maxTermMonths: 60,
  maxAmount: 10_000_000_000,
  maxFeePpm: 999_999,
} as const;

/** The fee in rupiah on a principal, rounded down as the disbursal split does. */
export function upfrontFee(principal: number, feePpm: number): number {
  return Number((BigInt(principal) * BigInt(feePpm)) / 1_000_000n);
}

export type PricingErrors = Partial<Record<PricingField, string[]>>;

const k = (key: string, vars?: Record<string, string | number>) =>
  t(`back_office_settings.pricing.errors.${key}`, vars);

/**
 * Checks a price list for a product of `loanType` on `onDate`: whole numbers in range, limits in
 * order and on their grid, then the OJK guard for every tenor the calculator offers at its
 * smallest and largest amount (the rate as offered for that tenor, the fee counted as economic
 * benefit, total cost at most the principal). At most one message per field; empty = accepted.
 */
export function checkProductPricing(
  loanType: LoanType,
  pricing: ProductPricing,
  onDate: string,
): PricingErrors {
  const errors: PricingErrors = {};
  const add = (field: PricingField, message: string) => {
    errors[field] ??= [message];
  };
  if (!parseIsoDate(onDate))
    throw new RangeError(`onDate must be yyyy-mm-dd, got ${onDate}`);
  // Rates are typed and shown as percent (3000 ppm = "0,3%"), so their limits are told that way.
  const whole = (field: PricingField, min: number, max: number, show = (n: number) => n.toLocaleString("id-ID")) => {
    const value = pricing[field];
    if (!Number.isSafeInteger(value)) add(field, k("whole"));
    else if (value < min || value > max) add(field, k("range", { min: show(min), max: show(max) }));
  };
  const percent = (ppm: number) => `${formatPpmPercent(ppm)}%`;
  whole("daily_rate_ppm", 1, 1_000_000, percent);
  whole("upfront_fee_ppm", 0, PRICING_LIMITS.maxFeePpm, percent);
  whole("min_amount", 1, PRICING_LIMITS.maxAmount);
  whole("max_amount", 1, PRICING_LIMITS.maxAmount);
  whole("amount_step", 1, PRICING_LIMITS.maxAmount);
  whole("default_amount", 1, PRICING_LIMITS.maxAmount);
  whole("min_term", 1, PRICING_LIMITS.maxTermMonths);
  whole("max_term", 1, PRICING_LIMITS.maxTermMonths);
  whole("term_step", 1, PRICING_LIMITS.maxTermMonths);
  whole("default_term", 1, PRICING_LIMITS.maxTermMonths);
  if (Object.keys(errors).length > 0) return errors;

  const p = pricing;
  if (p.max_amount < p.min_amount)
    add("max_amount", k("max_below_min", { min: formatRupiah(p.min_amount) }));
  else if ((p.max_amount - p.min_amount) % p.amount_step !== 0)
    add("amount_step", k("amount_grid", { step: formatRupiah(p.amount_step) }));
  if (p.max_term < p.min_term)
    add("max_term", k("max_term_below_min", { min: p.min_term }));
  else if ((p.max_term - p.min_term) % p.term_step !== 0)
    add("term_step", k("term_grid", { step: p.term_step }));
  if (
    p.default_amount < p.min_amount ||
    p.default_amount > p.max_amount ||
    (p.default_amount - p.min_amount) % p.amount_step !== 0
  ) {
    add("default_amount", k("default_off_grid"));
  }
  if (
    p.default_term < p.min_term ||
    p.default_term > p.max_term ||
    (p.default_term - p.min_term) % p.term_step !== 0
  ) {
    add("default_term", k("default_off_grid"));
  }
  if (Object.keys(errors).length > 0) return errors;

  // The product's rate may be at most the highest cap any of its tenors has (short tenors have
  // the higher cap); a longer tenor is offered at its own, lower cap (offerRate).
  const highestCap = dailyRateCap(loanType, p.min_term, onDate);
  if (p.daily_rate_ppm > highestCap) {
    add(
      "daily_rate_ppm",
      t("validation.ojk.rate_cap", {
        rate: formatDailyRate(p.daily_rate_ppm),
        cap: formatDailyRate(highestCap),
      }),
    );
    return errors;
  }
  for (let term = p.min_term; term <= p.max_term; term += p.term_step) {
    for (const principal of [p.min_amount, p.max_amount]) {
      const verdict = checkOffer({
        loanType,
        principal,
        dailyRatePpm: offerRate(loanType, term, p.daily_rate_ppm, onDate),
        termMonths: term,
        feesTotal: upfrontFee(principal, p.upfront_fee_ppm),
        onDate,
      });
      if (!verdict.ok) {
        const field: PricingField =
          p.upfront_fee_ppm > 0 ? "upfront_fee_ppm" : "daily_rate_ppm";
        add(
          field,
          k("ojk_for_term", { term, reason: verdict.reasons[0] ?? "" }),
        );
        return errors;
      }
    }
  }
  return errors;
}
