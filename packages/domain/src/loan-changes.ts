import { t } from "@pinjaman/i18n";
import { formatDate } from "./dates.ts";
import { invoiceSchedule } from "./invoices.ts";
import { formatDailyRate, formatRupiah } from "./money.ts";
import { checkOffer, offerRate, type LoanType } from "./ojk-guard.ts";
import "@pinjaman/i18n/ns/back-office-loans";

/**
 * Reschedule and restructure (decision 0027), pure.
 *
 * - The new application lends the principal still unpaid (`outstandingPrincipal`) from the day of
 *   approval, over the instalments still open plus the months asked for, with the same schedule
 *   function as every loan (`invoiceSchedule`, decision 0012).
 * - Reschedule keeps the daily rate. Restructure may also lower it (never raise it); either way
 *   the rate is cut to the schedule's OJK cap for the new tenor (`offerRate`, decision 0003), and
 *   the whole offer must pass `checkOffer`.
 * - Interest already due and unpaid (arrears) is not waived: it stays due at once, as instalment
 *   1 (interest only, due on the approval date); the new schedule follows as instalments 2 … n+1.
 * - Late fees accrued and unpaid are waived (relief; never capitalised).
 */

export type LoanChangeType = "reschedule" | "restructure";

export type LoanChangeInput = {
  type: LoanChangeType;
  loanType: LoanType;
  outstandingPrincipal: number;
  arrearsInterest: number;
  /** Open instalments of the current schedule (late or not). */
  openInstalments: number;
  extraMonths: number;
  currentRatePpm: number;
  /** Restructure only: the rate asked for; null keeps the current one. */
  requestedRatePpm: number | null;
  today: string;
};

export type NewInstalment = { number: number; dueOn: string; principal: number; interest: number; total: number };

export type LoanChangeTerms =
  | {
      ok: true;
      termMonths: number;
      dailyRatePpm: number;
      instalments: NewInstalment[];
      /** principal + the new schedule's interest + arrears: what the instalments add up to. */
      totalRepayment: number;
      maturityOn: string;
    }
  | { ok: false; field: "extra_months" | "daily_rate_ppm" | "loan"; reason: string };

export const MAX_EXTRA_MONTHS = 24;

/** What the borrower's request flows offer (decision 0027): the added months, the reason, the rate relief asked for. */
export const LOAN_CHANGE_EXTRA_MONTHS = [1, 2, 3, 6, 12] as const;
export const LOAN_CHANGE_REASONS = ["income_down", "job_loss", "illness", "business_slowdown", "other"] as const;
export const RATE_RELIEF_PERCENTS = [0, 25, 50] as const;

/** The daily rate a restructure asks for: the current one lowered by `reliefPercent`, rounded down; null for no relief. */
export function relievedRatePpm(currentRatePpm: number, reliefPercent: number): number | null {
  if (reliefPercent <= 0) return null;
  return Math.floor((currentRatePpm * (100 - reliefPercent)) / 100);
}

export function loanChangeTerms(input: LoanChangeInput): LoanChangeTerms {
  if (input.outstandingPrincipal <= 0 || input.openInstalments <= 0) return { ok: false, field: "loan", reason: "nothing_outstanding" };
  if (!Number.isSafeInteger(input.extraMonths) || input.extraMonths < 1 || input.extraMonths > MAX_EXTRA_MONTHS) return { ok: false, field: "extra_months", reason: "extra_months_range" };
  const termMonths = input.openInstalments + input.extraMonths;
  let rate = input.currentRatePpm;
  if (input.type === "restructure" && input.requestedRatePpm !== null) {
    if (!Number.isSafeInteger(input.requestedRatePpm) || input.requestedRatePpm < 0 || input.requestedRatePpm > input.currentRatePpm) {
      return { ok: false, field: "daily_rate_ppm", reason: "rate_not_lower" };
    }
    rate = input.requestedRatePpm;
  }
  rate = offerRate(input.loanType, termMonths, rate, input.today);
  const check = checkOffer({ loanType: input.loanType, principal: input.outstandingPrincipal, dailyRatePpm: rate, termMonths, feesTotal: input.arrearsInterest, onDate: input.today });
  if (!check.ok) return { ok: false, field: "extra_months", reason: check.reasons.join(" ") };

  const schedule = invoiceSchedule({ principal: input.outstandingPrincipal, dailyRatePpm: rate, termMonths }, input.today);
  const offset = input.arrearsInterest > 0 ? 1 : 0;
  const instalments: NewInstalment[] = [
    ...(offset ? [{ number: 1, dueOn: input.today, principal: 0, interest: input.arrearsInterest, total: input.arrearsInterest }] : []),
    ...schedule.map((i) => ({ number: i.number + offset, dueOn: i.dueDate, principal: i.principal, interest: i.interest, total: i.amount })),
  ];
  const totalRepayment = instalments.reduce((s, i) => s + i.total, 0);
  return { ok: true, termMonths, dailyRatePpm: rate, instalments, totalRepayment, maturityOn: schedule[schedule.length - 1]!.dueDate };
}

/**
 * What a loan change does to the people whose money is in the loan (issue 17 §5): the months
 * added, the maturity before and after, the daily rate before and after, and the late fees it
 * forgives. Read from the current terms and the terms approval gives.
 */
export type LoanChangeEffect = {
  extraMonths: number;
  maturityFrom: string | null;
  maturityTo: string;
  rateFromPpm: number;
  rateToPpm: number;
  waivedLateFees: number;
};

/**
 * Four eyes: a change that lowers the rate, forgives anything or moves the maturity changes the
 * lenders' money, so it takes a second staff member's approval, like a write-off.
 */
export function needsSecondApproval(effect: LoanChangeEffect): boolean {
  return effect.rateToPpm < effect.rateFromPpm || effect.waivedLateFees > 0 || effect.maturityFrom !== effect.maturityTo;
}

/** The change in words, as a request card and the lenders' notice say it: "tenor +2 bulan, jatuh tempo 8 Agu 2026 → 8 Okt 2026". */
export function describeLoanChange(effect: LoanChangeEffect): string {
  const parts = [t("back-office-loans.loan_changes.change.tenor", { months: effect.extraMonths })];
  if (effect.maturityFrom !== effect.maturityTo) {
    parts.push(t("back-office-loans.loan_changes.change.maturity", { from: effect.maturityFrom ? formatDate(effect.maturityFrom) : "-", to: formatDate(effect.maturityTo) }));
  }
  if (effect.rateToPpm !== effect.rateFromPpm) {
    parts.push(t("back-office-loans.loan_changes.change.rate", { from: formatDailyRate(effect.rateFromPpm), to: formatDailyRate(effect.rateToPpm) }));
  }
  if (effect.waivedLateFees > 0) parts.push(t("back-office-loans.loan_changes.change.late_fees_waived", { amount: formatRupiah(effect.waivedLateFees) }));
  return parts.join(", ");
}
