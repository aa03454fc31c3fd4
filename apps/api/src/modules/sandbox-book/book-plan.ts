import { addDays, addMonths } from "@pinjaman/domain/dates";
import { COOLING_OFF_DAYS } from "@pinjaman/domain/disbursal";
import { FUNDING_PERIOD_DAYS } from "@pinjaman/domain/funding";
import type { LoanTerms } from "../disbursal/sandbox-loans.ts";

/**
 * The sandbox book's plan (issue 8 §8), pure and deterministic: the same seeding date, scale and
 * seed give the same lenders, borrowers and loans, drawn from a seeded PRNG (mulberry32), never
 * Math.random. loan-book.ts turns the plan into rows through the production paths.
 */

/** What happens to a borrower's loan: its status at the seeding date and how it got there. */
export const LOAN_KINDS = [
  "closed_on_time",
  "closed_paid_late",
  "closed_early",
  "active_current",
  "late_1_30",
  "late_31_60",
  "late_61_90",
  "late_over_90",
  "written_off",
  "waiting_for_investment",
  "partially_funded",
  "cancelled",
  "expired",
  "rejected",
  "awaiting_review",
] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

/** Each borrower's current loan: loans of each kind per 100 borrowers (scale 1 has BORROWERS_PER_SCALE borrowers). */
export const KIND_MIX: Record<LoanKind, number> = {
  closed_on_time: 18,
  closed_paid_late: 8,
  closed_early: 8,
  active_current: 22,
  late_1_30: 8,
  late_31_60: 5,
  late_61_90: 4,
  late_over_90: 4,
  written_off: 3,
  waiting_for_investment: 6,
  partially_funded: 5,
  cancelled: 3,
  expired: 2,
  rejected: 1,
  awaiting_review: 3,
};

/** What a borrower's earlier loans and applications became (all ended before the next was submitted), with their weights. */
export const EARLIER_MIX = {
  closed_on_time: 8,
  closed_paid_late: 2,
  closed_early: 3,
  rejected: 6,
  cancelled: 2,
  expired: 2,
} as const satisfies Partial<Record<LoanKind, number>>;
type EarlierKind = keyof typeof EARLIER_MIX;

/** A returning borrower has up to this many earlier loans or applications, as many as fit in the book's months. */
export const MAX_EARLIER = 5;
/** The book's months before the seeding date: no loan is submitted earlier. */
export const BOOK_MONTHS = 18;

/**
 * What borrower i declared in onboarding (monthly income, employment, other platforms), the
 * (i mod 6)-th row: the risk grades lenders see come from these and each loan's instalment
 * (decision 0010), from A for a well-paid employee to E for a freelancer with other loans.
 */
export const DECLARED_FINANCES = [
  { monthly_income: "10m_20m", employment_type: "employee", other_platforms_count: "0", other_platforms_instalment: "none" },
  { monthly_income: "5m_10m", employment_type: "civil_servant", other_platforms_count: "0", other_platforms_instalment: "none" },
  { monthly_income: "10m_20m", employment_type: "entrepreneur", other_platforms_count: "1", other_platforms_instalment: "below_1m" },
  { monthly_income: "5m_10m", employment_type: "self_employed", other_platforms_count: "1", other_platforms_instalment: "below_1m" },
  { monthly_income: "3m_5m", employment_type: "freelancer", other_platforms_count: "2", other_platforms_instalment: "1m_3m" },
  { monthly_income: "above_20m", employment_type: "employee", other_platforms_count: "0", other_platforms_instalment: "none" },
] as const;

/**
 * What a borrower whose current application waits for an operator declared: income and
 * employment, but no other platforms (the flow they came through asked none). The automatic
 * decision cannot measure two rules and refers the application (decision 0010); the review queue
 * has work.
 */
export const FINANCES_WITHOUT_PLATFORMS = { monthly_income: "5m_10m", employment_type: "employee" } as const;

/** What borrower i declared in onboarding. */
export function declaredFinancesOf(plan: BookPlan, borrower: number): Record<string, string> {
  const referred = plan.loans.some((l) => l.borrower === borrower && l.current && l.kind === "awaiting_review");
  return referred ? FINANCES_WITHOUT_PLATFORMS : DECLARED_FINANCES[borrower % DECLARED_FINANCES.length]!;
}

export const BORROWERS_PER_SCALE = 100;
export const LENDERS_PER_SCALE = 8;

/** The days past due a late kind's oldest unpaid instalment has at the seeding date (3 days' margin for month ends). */
export const LATE_DAYS: Partial<Record<LoanKind, readonly [number, number]>> = {
  late_1_30: [4, 27],
  late_31_60: [34, 57],
  late_61_90: [64, 87],
  late_over_90: [94, 240],
  written_off: [150, 400],
};

/** Written-off loans are written off this many days after their oldest unpaid instalment fell due. */
export const WRITE_OFF_AFTER_DAYS = 120;

export type PlannedLoan = {
  borrower: number;
  kind: LoanKind;
  /** The borrower's current loan (the last of theirs); false: an earlier one, ended before the next was submitted. */
  current: boolean;
  terms: LoanTerms;
  /** Lender index and amount (multiples of Rp100.000); the amounts add up to the loan, or less when partly funded. */
  lenders: { lender: number; amount: number }[];
  /** Disbursed kinds: the day it is paid out; the others: the day it was submitted (and approved). */
  effectiveOn: string;
  /** Cancelled and expired kinds: the day it ended (an expiry FUNDING_PERIOD_DAYS after approval). */
  endedOn?: string;
  /** closed_paid_late: the instalment paid late and by how many days. */
  paidLate?: { instalment: number; days: number };
  /** closed_early: instalments paid before the payoff, and the payoff's days after the last of them. */
  payoff?: { afterInstalments: number; days: number };
  /** Late and written-off kinds: the first unpaid instalment (1-based). */
  firstUnpaid?: number;
};

export type BookPlan = { lenders: number; deposits: number[]; loans: PlannedLoan[] };

/** mulberry32: a small seeded PRNG; `int(a, b)` is uniform on [a, b]. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

const RATES_PPM = [600, 800, 1000] as const;
const UNIT = 100_000;

function split(amount: number, lenders: number, random: ReturnType<typeof prng>, count: number): { lender: number; amount: number }[] {
  const first = random.int(0, lenders - 1);
  const chosen = Array.from({ length: Math.min(count, lenders) }, (_, i) => (first + i) % lenders);
  const base = Math.floor(amount / chosen.length / UNIT) * UNIT;
  return chosen.map((lender, i) => ({ lender, amount: i === chosen.length - 1 ? amount - base * (chosen.length - 1) : base }));
}

/** The day a planned loan's application was submitted. */
export const submittedOn = (loan: PlannedLoan): string => (isDisbursed(loan) ? addDays(loan.effectiveOn, -COOLING_OFF_DAYS - 1) : loan.effectiveOn);

/** Whether the planned loan is paid out (the others stay applications). */
export const isDisbursed = (loan: PlannedLoan): boolean => loan.firstUnpaid !== undefined || loan.kind.startsWith("closed") || loan.kind === "active_current";

/** A borrower's current loan, placed relative to the seeding date. */
function planLoan(borrower: number, kind: LoanKind, today: string, lenders: number, random: ReturnType<typeof prng>): PlannedLoan {
  const term = random.int(3, 12);
  const terms = { amount: random.int(2, 20) * 500_000, term, dailyRatePpm: random.pick(RATES_PPM) };
  const shares = split(terms.amount, lenders, random, random.int(1, 3));
  const base = { borrower, kind, current: true, terms, lenders: shares };
  const late = LATE_DAYS[kind];
  switch (kind) {
    case "closed_on_time":
    case "closed_paid_late": {
      const effectiveOn = addDays(addMonths(today, -random.int(term + 1, 18)), random.int(0, 20));
      return kind === "closed_on_time" ? { ...base, effectiveOn } : { ...base, effectiveOn, paidLate: { instalment: random.int(1, term), days: random.int(3, 20) } };
    }
    case "closed_early": {
      const monthsAgo = random.int(4, 18);
      const effectiveOn = addDays(addMonths(today, -monthsAgo), random.int(0, 20));
      return { ...base, effectiveOn, payoff: { afterInstalments: random.int(1, Math.min(term - 1, monthsAgo - 2)), days: random.int(5, 20) } };
    }
    case "active_current":
      return { ...base, effectiveOn: addDays(addMonths(today, -random.int(0, Math.min(term - 1, 11))), -random.int(1, 25)) };
    case "late_1_30":
    case "late_31_60":
    case "late_61_90":
    case "late_over_90":
    case "written_off": {
      const firstUnpaid = random.int(1, Math.min(term, kind === "written_off" ? 3 : 6));
      return { ...base, firstUnpaid, effectiveOn: addMonths(addDays(today, -random.int(late![0], late![1])), -firstUnpaid) };
    }
    case "partially_funded":
      return { ...base, lenders: halfOf(shares), effectiveOn: addDays(today, -random.int(1, 10)) };
    case "cancelled":
      return { ...base, lenders: halfOf(shares), effectiveOn: addDays(today, -random.int(1, 10)), endedOn: today };
    case "expired": {
      const effectiveOn = addDays(today, -FUNDING_PERIOD_DAYS - random.int(0, 10));
      return { ...base, lenders: [], effectiveOn, endedOn: addDays(effectiveOn, FUNDING_PERIOD_DAYS) };
    }
    default:
      return { ...base, lenders: [], effectiveOn: addDays(today, -random.int(1, 10)) };
  }
}

const halfOf = (shares: { lender: number; amount: number }[]) => {
  const total = shares.reduce((sum, s) => sum + s.amount, 0);
  return [{ lender: shares[0]!.lender, amount: Math.floor(total / 2 / UNIT) * UNIT }];
};

const EARLIER_KINDS = Object.entries(EARLIER_MIX).flatMap(([kind, weight]) => Array.from({ length: weight }, () => kind as EarlierKind));

/**
 * A borrower's earlier loan or application that ended (closed, rejected, cancelled, expired)
 * before `before`, the day their next one was submitted; null when it would start before `from`.
 * Earlier loans are smaller and shorter, with one or two lenders.
 */
function planEarlier(borrower: number, before: string, from: string, lenders: number, random: ReturnType<typeof prng>): PlannedLoan | null {
  const kind = random.pick(EARLIER_KINDS);
  const term = random.int(3, 6);
  const terms = { amount: random.int(2, 10) * 500_000, term, dailyRatePpm: random.pick(RATES_PPM) };
  const base = { borrower, kind, current: false, terms, lenders: split(terms.amount, lenders, random, random.int(1, 2)) };
  const gap = random.int(2, 21);
  let loan: PlannedLoan;
  switch (kind) {
    case "closed_on_time":
    case "closed_paid_late":
    case "closed_early": {
      // Paid out so that the last instalment (paid up to 20 days late) is paid before the gap.
      const effectiveOn = addMonths(addDays(before, -gap - 21), -term);
      loan = { ...base, effectiveOn };
      if (kind === "closed_paid_late") loan.paidLate = { instalment: random.int(1, term), days: random.int(3, 20) };
      if (kind === "closed_early") loan.payoff = { afterInstalments: random.int(1, term - 1), days: random.int(5, 20) };
      break;
    }
    case "rejected":
      loan = { ...base, lenders: [], effectiveOn: addDays(before, -gap) };
      break;
    case "cancelled": {
      const effectiveOn = addDays(before, -gap - 5);
      loan = { ...base, lenders: halfOf(base.lenders), effectiveOn, endedOn: addDays(effectiveOn, random.int(1, 4)) };
      break;
    }
    case "expired": {
      const effectiveOn = addDays(before, -gap - FUNDING_PERIOD_DAYS - 1);
      loan = { ...base, lenders: [], effectiveOn, endedOn: addDays(effectiveOn, FUNDING_PERIOD_DAYS) };
      break;
    }
  }
  return submittedOn(loan) >= from ? loan : null;
}

/**
 * The plan for `scale` × (BORROWERS_PER_SCALE borrowers, LENDERS_PER_SCALE lenders): each borrower
 * a current loan, the kinds in KIND_MIX's proportions, and before it up to MAX_EARLIER earlier
 * loans or applications (EARLIER_MIX) as fit in the BOOK_MONTHS, one after the other: a
 * borrower never has two loans or applications open at once. Each lender's deposit is what
 * they invest plus Rp5.000.000.
 */
export function planBook(today: string, scale = 1, seed = 2026): BookPlan {
  const random = prng(seed);
  const lenders = LENDERS_PER_SCALE * scale;
  const from = addMonths(today, -BOOK_MONTHS);
  const kinds = LOAN_KINDS.flatMap((kind) => Array.from({ length: (KIND_MIX[kind] * BORROWERS_PER_SCALE * scale) / 100 }, () => kind));
  const loans = kinds.flatMap((kind, borrower) => {
    const timeline = [planLoan(borrower, kind, today, lenders, random)];
    for (let wanted = random.int(1, MAX_EARLIER); timeline.length <= wanted; ) {
      const earlier = planEarlier(borrower, submittedOn(timeline[0]!), from, lenders, random);
      if (!earlier) break;
      timeline.unshift(earlier);
    }
    return timeline;
  });
  const deposits = Array.from({ length: lenders }, () => 5_000_000);
  for (const loan of loans) for (const share of loan.lenders) deposits[share.lender]! += share.amount;
  return { lenders, deposits, loans };
}
