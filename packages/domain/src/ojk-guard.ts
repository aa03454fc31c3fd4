import { t } from "@pinjaman/i18n";
import { addDays, addMonths, daysBetween, formatTerm, parseIsoDate } from "./dates.ts";
import { formatDailyRate, formatRupiah, isRupiah } from "./money.ts";
import { buildSchedule, DEFAULT_DAYS_PER_MONTH, PPM, type Schedule } from "./schedule.ts";
import "@pinjaman/i18n/ns/validation";

/**
 * OJK limits on what a lender may charge (LPBBTI / "pindar"), SEOJK 19/SEOJK.06/2023.
 *
 * Economic benefit (interest plus every fee, charged per calendar day on the agreed principal):
 * - Until 31 Dec 2024 (and for any earlier date): consumptive 0.3 %/day, productive 0.1 %/day,
 *   whatever the tenor.
 * - From 1 Jan 2025, as adjusted by OJK under the circular's periodic-review clause
 *   (OJK statement of 2 Jan 2025):
 *                          tenor ≤ 6 months   tenor > 6 months
 *     consumptive               0.3 %              0.2 %
 *     productive micro/ultra    0.275 %            0.1 %
 *     productive small/medium   0.1 %              0.1 %
 *   The circular as issued (Nov 2023) had announced 0.2 % (2025) and 0.1 % (2026) for
 *   consumptive and 0.067 % from 2026 for productive loans; the 2025 table replaced that path
 *   and was still the one reported in 2025, so it applies from 2025 onward here. Add a row to
 *   CAP_PERIODS when OJK publishes a new table.
 *
 * Late fees (per day on the outstanding balance), from the circular: consumptive 0.3 % (2024),
 * 0.2 % (2025), 0.1 % (from 2026); productive 0.1 % (2024-2025), 0.067 % (from 2026). The cap
 * used is the lower of that and the economic-benefit cap for the same loan, so it never exceeds
 * the daily rate cap.
 *
 * Everything charged (economic benefit plus late fees) may not exceed 100 % of the principal.
 *
 * A productive loan without a segment is checked as small/medium, the stricter figure.
 *
 * The caps are per calendar day (decision 0003). The schedule charges each instalment one month of
 * 30 days whatever the calendar says, and the shortest calendar month between two due dates is 28
 * days (a February). So an offer's rate is the cap lowered to fit 30 days of interest into 28
 * (`scheduleRateCap`), and `checkOffer` checks every instalment against its shortest possible
 * period and the whole loan against the shortest span its tenor can have, whatever the start
 * date: the offer stays under the cap wherever the disbursal falls. `periodsOverCap` checks a
 * schedule on its actual dates, as it is stored at disbursal.
 */

export type LoanType = "consumptive" | "productive";
/** "micro" covers micro and ultra-micro businesses. */
export type ProductiveSegment = "micro" | "small_medium";

export const SHORT_TENOR_MAX_MONTHS = 6;
export const OJK_2025_ADJUSTMENT_FROM = "2025-01-01";
export const OJK_LATE_FEE_2025_FROM = "2025-01-01";
export const OJK_LATE_FEE_2026_FROM = "2026-01-01";

interface TenorCaps {
  short: number;
  long: number;
}

interface CapPeriod {
  from: string; // yyyy-mm-dd, inclusive
  consumptive: TenorCaps;
  productive: Record<ProductiveSegment, TenorCaps>;
}

/** Economic-benefit caps in ppm per day, oldest first. */
const BENEFIT_CAP_PERIODS: readonly CapPeriod[] = [
  {
    from: "0000-01-01",
    consumptive: { short: 3000, long: 3000 },
    productive: { micro: { short: 1000, long: 1000 }, small_medium: { short: 1000, long: 1000 } },
  },
  {
    from: OJK_2025_ADJUSTMENT_FROM,
    consumptive: { short: 3000, long: 2000 },
    productive: { micro: { short: 2750, long: 1000 }, small_medium: { short: 1000, long: 1000 } },
  },
];

/** Late-fee caps in ppm per day of the outstanding balance, oldest first. */
const LATE_FEE_CAP_PERIODS: ReadonlyArray<{ from: string } & Record<LoanType, number>> = [
  { from: "0000-01-01", consumptive: 3000, productive: 1000 },
  { from: OJK_LATE_FEE_2025_FROM, consumptive: 2000, productive: 1000 },
  { from: OJK_LATE_FEE_2026_FROM, consumptive: 1000, productive: 670 },
];

function latest<T extends { from: string }>(periods: readonly T[], onDate: string): T {
  if (!parseIsoDate(onDate)) throw new RangeError(`onDate must be yyyy-mm-dd, got ${onDate}`);
  let found: T | undefined;
  // yyyy-mm-dd strings order like the dates they name.
  for (const period of periods) if (period.from <= onDate) found = period;
  if (!found) throw new RangeError(`No OJK cap period for ${onDate}`);
  return found;
}

function requireTerm(termMonths: number): void {
  if (!Number.isSafeInteger(termMonths) || termMonths <= 0) {
    throw new RangeError(`termMonths must be a positive integer, got ${termMonths}`);
  }
}

/** Maximum economic benefit (interest + fees) per day, in ppm of the principal. */
export function dailyRateCap(
  loanType: LoanType,
  termMonths: number,
  onDate: string,
  segment: ProductiveSegment = "small_medium",
): number {
  requireTerm(termMonths);
  const period = latest(BENEFIT_CAP_PERIODS, onDate);
  const caps = loanType === "consumptive" ? period.consumptive : period.productive[segment];
  return termMonths <= SHORT_TENOR_MAX_MONTHS ? caps.short : caps.long;
}

/** Maximum late fee per day, in ppm of the outstanding balance (never above dailyRateCap). */
export function lateFeeCap(
  loanType: LoanType,
  termMonths: number,
  onDate: string,
  segment: ProductiveSegment = "small_medium",
): number {
  const lateFee = latest(LATE_FEE_CAP_PERIODS, onDate)[loanType];
  return Math.min(lateFee, dailyRateCap(loanType, termMonths, onDate, segment));
}

/** The fewest calendar days between two due dates a month apart: 28 (from a day in February, or 31 January to 28 February). */
export const SHORTEST_MONTH_DAYS = 28;

/**
 * The highest daily rate a schedule may charge: one instalment's 30 days of interest must fit the
 * cap in the shortest period (28 days), so floor(cap × 28 / 30).
 */
export function scheduleRateCap(
  loanType: LoanType,
  termMonths: number,
  onDate: string,
  segment: ProductiveSegment = "small_medium",
): number {
  return Math.floor((dailyRateCap(loanType, termMonths, onDate, segment) * SHORTEST_MONTH_DAYS) / DEFAULT_DAYS_PER_MONTH);
}

/** The rate to offer: the product's rate, lowered to `scheduleRateCap` when it is above. */
export function offerRate(
  loanType: LoanType,
  termMonths: number,
  productRatePpm: number,
  onDate: string,
  segment: ProductiveSegment = "small_medium",
): number {
  return Math.min(productRatePpm, scheduleRateCap(loanType, termMonths, onDate, segment));
}

/** The most a cap allows on a principal over `days` calendar days, in whole rupiah (rounded down). */
export function maxBenefit(principal: number, capPpm: number, days: number): number {
  return Number((BigInt(principal) * BigInt(capPpm) * BigInt(days)) / BigInt(PPM));
}

const shortestSpans = new Map<number, number>();

/**
 * The fewest calendar days `termMonths` months can span from any start date (due dates clamp to
 * the month's end, as the schedule's do). Every start day of a common year is tried: a leap
 * year's February only lengthens a span.
 */
export function shortestTermDays(termMonths: number): number {
  requireTerm(termMonths);
  let shortest = shortestSpans.get(termMonths);
  if (shortest === undefined) {
    shortest = Number.POSITIVE_INFINITY;
    for (let day = 0; day < 365; day += 1) {
      const start = addDays("2027-01-01", day);
      shortest = Math.min(shortest, daysBetween(start, addMonths(start, termMonths)));
    }
    shortestSpans.set(termMonths, shortest);
  }
  return shortest;
}

export interface PeriodOverCap {
  number: number;
  days: number;
  interest: number;
  max: number;
}

/**
 * The instalments of a schedule that charge more interest than the cap allows on the actual
 * calendar days of their period (from the previous due date, or the start date, to theirs).
 */
export function periodsOverCap(schedule: Pick<Schedule, "principal" | "startDate" | "instalments">, capPpm: number): PeriodOverCap[] {
  const over: PeriodOverCap[] = [];
  let from = schedule.startDate;
  for (const instalment of schedule.instalments) {
    const days = daysBetween(from, instalment.dueDate);
    const max = maxBenefit(schedule.principal, capPpm, days);
    if (instalment.interest > max) over.push({ number: instalment.number, days, interest: instalment.interest, max });
    from = instalment.dueDate;
  }
  return over;
}

/**
 * How much more may still be charged as late fees: 100 % of the principal minus everything
 * already charged (interest, fees and earlier late fees); never negative.
 */
export function maxLateFeeTotal(principal: number, costSoFar: number): number {
  if (!isRupiah(principal) || !isRupiah(costSoFar)) {
    throw new RangeError(`Amounts must be integer rupiah, got ${principal} and ${costSoFar}`);
  }
  return Math.max(0, principal - costSoFar);
}

export interface OfferToCheck {
  loanType: LoanType;
  principal: number;
  dailyRatePpm: number;
  termMonths: number;
  /** Every fee charged besides interest (admin, service, insurance …), in rupiah. */
  feesTotal?: number;
  onDate: string;
  segment?: ProductiveSegment;
}

export type OfferCheck = { ok: true } | { ok: false; reasons: string[] };

/**
 * Refuses an offer that breaks a cap, with Indonesian reasons, for any start date: the daily rate
 * above the cap; an instalment's interest above the cap over the shortest period it can have
 * (SHORTEST_MONTH_DAYS); interest plus fees above the cap over the shortest span of the tenor
 * (`shortestTermDays`); or total cost above 100 % of principal.
 */
export function checkOffer({
  loanType,
  principal,
  dailyRatePpm,
  termMonths,
  feesTotal = 0,
  onDate,
  segment = "small_medium",
}: OfferToCheck): OfferCheck {
  const valid =
    isRupiah(principal) &&
    principal > 0 &&
    Number.isSafeInteger(dailyRatePpm) &&
    dailyRatePpm >= 0 &&
    Number.isSafeInteger(termMonths) &&
    termMonths > 0 &&
    isRupiah(feesTotal) &&
    parseIsoDate(onDate) !== null;
  const invalid: OfferCheck = { ok: false, reasons: [t("validation.ojk.invalid_offer")] };
  if (!valid) return invalid;

  let schedule: Schedule;
  try {
    // The amounts do not depend on the start date; the pricing date stands in for it.
    schedule = buildSchedule({ principal, dailyRatePpm, termMonths, startDate: onDate });
  } catch {
    return invalid; // interest beyond the safe integer range
  }
  const benefit = schedule.totalInterest + feesTotal;
  if (!Number.isSafeInteger(benefit)) return invalid;

  const reasons: string[] = [];
  const cap = dailyRateCap(loanType, termMonths, onDate, segment);
  const perPeriod = maxBenefit(principal, cap, SHORTEST_MONTH_DAYS);
  const days = shortestTermDays(termMonths);
  const perLoan = maxBenefit(principal, cap, days);
  const highest = Math.max(...schedule.instalments.map((i) => i.interest));

  if (dailyRatePpm > cap) {
    reasons.push(t("validation.ojk.rate_cap", { rate: formatDailyRate(dailyRatePpm), cap: formatDailyRate(cap) }));
  } else if (highest > perPeriod) {
    reasons.push(
      t("validation.ojk.period_cap", {
        interest: formatRupiah(highest),
        max: formatRupiah(perPeriod),
        cap: formatDailyRate(cap),
        days: formatTerm(SHORTEST_MONTH_DAYS, "day"),
      }),
    );
  } else if (benefit > perLoan) {
    reasons.push(
      t("validation.ojk.benefit_cap", {
        total: formatRupiah(benefit),
        max: formatRupiah(perLoan),
        cap: formatDailyRate(cap),
        days: formatTerm(days, "day"),
      }),
    );
  }

  if (benefit > principal) {
    reasons.push(t("validation.ojk.total_cost", { total: formatRupiah(benefit), principal: formatRupiah(principal) }));
  }

  return reasons.length === 0 ? { ok: true } : { ok: false, reasons };
}
