import { addDays, addMonths } from "@pinjaman/domain/dates";
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
] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

/** Loans of each kind per 100 borrowers (scale 1 has BORROWERS_PER_SCALE borrowers). */
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
  rejected: 4,
};

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
  terms: LoanTerms;
  /** Lender index and amount (multiples of Rp100.000); the amounts add up to the loan, or less when partly funded. */
  lenders: { lender: number; amount: number }[];
  /** Disbursed kinds: the day it is paid out; the others: the day it was submitted. */
  effectiveOn: string;
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

function planLoan(borrower: number, kind: LoanKind, today: string, lenders: number, random: ReturnType<typeof prng>): PlannedLoan {
  const term = random.int(3, 12);
  const terms = { amount: random.int(2, 20) * 500_000, term, dailyRatePpm: random.pick(RATES_PPM) };
  const shares = split(terms.amount, lenders, random, random.int(1, 3));
  const base = { borrower, kind, terms, lenders: shares };
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
    case "cancelled":
      return { ...base, lenders: [{ lender: shares[0]!.lender, amount: Math.floor(terms.amount / 2 / UNIT) * UNIT }], effectiveOn: addDays(today, -random.int(1, 10)) };
    default:
      return { ...base, lenders: [], effectiveOn: addDays(today, -random.int(1, 10)) };
  }
}

/**
 * The plan for `scale` × (BORROWERS_PER_SCALE borrowers, LENDERS_PER_SCALE lenders): each borrower
 * one loan, the kinds in KIND_MIX's proportions, each lender's deposit what they invest plus Rp5.000.000.
 */
export function planBook(today: string, scale = 1, seed = 2026): BookPlan {
  const random = prng(seed);
  const lenders = LENDERS_PER_SCALE * scale;
  const kinds = LOAN_KINDS.flatMap((kind) => Array.from({ length: (KIND_MIX[kind] * BORROWERS_PER_SCALE * scale) / 100 }, () => kind));
  const loans = kinds.map((kind, borrower) => planLoan(borrower, kind, today, lenders, random));
  const deposits = Array.from({ length: lenders }, () => 5_000_000);
  for (const loan of loans) for (const share of loan.lenders) deposits[share.lender]! += share.amount;
  return { lenders, deposits, loans };
}
