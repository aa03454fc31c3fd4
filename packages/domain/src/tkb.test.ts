import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pastDueBuckets, tkbFigures } from "./tkb.ts";

describe("tkbFigures", () => {
  it("TKBx = 100 % − the share of outstanding principal more than x days past due, in basis points", () => {
    expect(tkbFigures(1_000_000_000, { 0: 78_600_000, 30: 34_200_000, 60: 19_800_000, 90: 11_300_000 })).toEqual([
      { name: "TKB0", basisPoints: 9214 },
      { name: "TKB30", basisPoints: 9658 },
      { name: "TKB60", basisPoints: 9802 },
      { name: "TKB90", basisPoints: 9887 },
    ]);
  });

  it("rounds the past-due share half up, so 100.00 % means nothing past due", () => {
    // 1 of 30,000: 0.33 bp → 0 bp; 1.5 of 10,000 (3 of 20,000) → 2 bp; any past due at all but tiny → still 100 %.
    expect(tkbFigures(30_000, { 0: 1, 30: 0, 60: 0, 90: 0 })!.map((f) => f.basisPoints)).toEqual([10000, 10000, 10000, 10000]);
    expect(tkbFigures(20_000, { 0: 3, 30: 3, 60: 0, 90: 0 })!.map((f) => f.basisPoints)).toEqual([9998, 9998, 10000, 10000]);
    expect(tkbFigures(5, { 0: 5, 30: 5, 60: 5, 90: 5 })!.map((f) => f.basisPoints)).toEqual([0, 0, 0, 0]);
  });

  it("has no figure when nothing is outstanding, and refuses past-due principal above the outstanding", () => {
    expect(tkbFigures(0, { 0: 0, 30: 0, 60: 0, 90: 0 })).toBeNull();
    expect(() => tkbFigures(10, { 0: 11, 30: 0, 60: 0, 90: 0 })).toThrow(RangeError);
    expect(() => tkbFigures(10.5, { 0: 1, 30: 0, 60: 0, 90: 0 })).toThrow(RangeError);
  });

  it("is within half a basis point of the exact rate for any book", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).chain((total) => fc.tuple(fc.constant(total), fc.integer({ min: 0, max: total }))),
        ([total, late]) => {
          const [figure] = tkbFigures(total, { 0: late, 30: late, 60: late, 90: late })!;
          // |TKB − exact| ≤ ½ bp  ⇔  |2 × (10000 − TKB) × total − 2 × 10000 × late| ≤ total, in BigInt.
          const twp = BigInt(10_000 - figure!.basisPoints);
          const error = 2n * twp * BigInt(total) - 20_000n * BigInt(late);
          return (error < 0n ? -error : error) <= BigInt(total);
        },
      ),
    );
  });
});

describe("pastDueBuckets", () => {
  it("splits the outstanding principal between the TKB thresholds", () => {
    expect(pastDueBuckets(1_000_000_000, { 0: 78_600_000, 30: 34_200_000, 60: 19_800_000, 90: 11_300_000 })).toEqual({
      current: 921_400_000,
      dpd_1_30: 44_400_000,
      dpd_31_60: 14_400_000,
      dpd_61_90: 8_500_000,
      dpd_over_90: 11_300_000,
    });
    expect(() => pastDueBuckets(10, { 0: 5, 30: 6, 60: 0, 90: 0 })).toThrow(RangeError);
  });

  it("always sums to the outstanding principal", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e12 }), { minLength: 5, maxLength: 5 }), (values) => {
        const [outstanding, a, b, c, d] = [...values].sort((x, y) => y - x) as [number, number, number, number, number];
        const buckets = pastDueBuckets(outstanding, { 0: a, 30: b, 60: c, 90: d });
        return Object.values(buckets).reduce((s, v) => s + v, 0) === outstanding && buckets.dpd_over_90 === d;
      }),
    );
  });
});
