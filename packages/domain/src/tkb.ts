import { isRupiah } from "./money.ts";

/**
 * TKB (tingkat keberhasilan bayar, the success rate OJK makes lenders publish): TKBx = 100 % − TWPx,
 * TWPx = outstanding principal of the loans more than x days past due ÷ total outstanding
 * principal, for x = 0, 30, 60, 90. In basis points (9887 = 98.87 %), by integer arithmetic:
 * TWPx is rounded half up to a basis point, so TKBx rounds half down and 100 % only when nothing
 * is past due. Undefined (null) when nothing is outstanding.
 */

export const TKB_BUCKETS = [0, 30, 60, 90] as const;
export type TkbBucket = (typeof TKB_BUCKETS)[number];

export type TkbFigure = { name: `TKB${TkbBucket}`; basisPoints: number };

const BASIS_POINTS = 10_000n;

/** `pastDue[x]`: outstanding principal of the loans more than x days past due. */
export function tkbFigures(outstanding: number, pastDue: Record<TkbBucket, number>): TkbFigure[] | null {
  if (!isRupiah(outstanding)) throw new RangeError(`outstanding must be integer rupiah, got ${outstanding}`);
  if (outstanding === 0) return null;
  const total = BigInt(outstanding);
  return TKB_BUCKETS.map((days) => {
    const late = pastDue[days];
    if (!isRupiah(late) || late > outstanding) throw new RangeError(`past-due principal over ${days} days must be within 0…${outstanding}, got ${late}`);
    const twp = (BigInt(late) * BASIS_POINTS * 2n + total) / (2n * total);
    return { name: `TKB${days}` as const, basisPoints: Number(BASIS_POINTS - twp) };
  });
}

/** The past-due buckets a lender's outstanding principal is shown in, bounded by TKB_BUCKETS. */
export const PAST_DUE_BUCKETS = ["current", "dpd_1_30", "dpd_31_60", "dpd_61_90", "dpd_over_90"] as const;
export type PastDueBucket = (typeof PAST_DUE_BUCKETS)[number];

/**
 * Outstanding principal by bucket from the same figures as TKB (`pastDue[x]`: more than x days
 * past due): current = not past due, then (0, 30], (30, 60], (60, 90] and over 90 days. The
 * buckets sum to `outstanding`.
 */
export function pastDueBuckets(outstanding: number, pastDue: Record<TkbBucket, number>): Record<PastDueBucket, number> {
  const bounds = [outstanding, ...TKB_BUCKETS.map((days) => pastDue[days]), 0];
  for (let k = 1; k < bounds.length; k++) {
    if (!isRupiah(bounds[k]) || bounds[k]! > bounds[k - 1]!) throw new RangeError(`past-due principal must shrink with the days: ${bounds.join(", ")}`);
  }
  return Object.fromEntries(PAST_DUE_BUCKETS.map((name, k) => [name, bounds[k]! - bounds[k + 1]!])) as Record<PastDueBucket, number>;
}
