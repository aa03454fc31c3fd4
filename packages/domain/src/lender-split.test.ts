import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  deductFromInterest,
  PPH23_RATE_PPM,
  PPH26_RATE_PPM,
  splitAmongLenders,
  splitRepayment,
  type LenderInvestment,
} from "./lender-split.ts";

const investments = fc
  .uniqueArray(fc.record({ investmentId: fc.string({ minLength: 1, maxLength: 6 }), amount: fc.integer({ min: 1, max: 20_000_000 }) }), {
    minLength: 1,
    maxLength: 30,
    selector: (s) => s.investmentId,
  })
  .chain((shares) =>
    fc.tuple(...shares.map((s) => fc.constantFrom("resident" as const, "non_resident" as const).map((taxResidence) => ({ ...s, taxResidence })))),
  );
const rupiah = fc.integer({ min: 0, max: 1_000_000_000_000 });

describe("splitAmongLenders", () => {
  it("gives the leftover rupiah to the largest remainders, ties to the lowest investment id", () => {
    // 100 over 1:1:1 → 33.33 each; one rupiah left, equal remainders → id "a".
    expect(splitAmongLenders(100, [{ investmentId: "c", amount: 1 }, { investmentId: "a", amount: 1 }, { investmentId: "b", amount: 1 }])).toEqual([
      { investmentId: "c", amount: 33 },
      { investmentId: "a", amount: 34 },
      { investmentId: "b", amount: 33 },
    ]);
    // 1 000 over 500 000 / 300 000 / 200 000 → 500 / 300 / 200 exactly.
    expect(splitAmongLenders(1_000, [{ investmentId: "x", amount: 500_000 }, { investmentId: "y", amount: 300_000 }, { investmentId: "z", amount: 200_000 }]).map((p) => p.amount)).toEqual([500, 300, 200]);
    // 10 over 1:2 → 3.33 / 6.67: the larger remainder (y) takes the rupiah.
    expect(splitAmongLenders(10, [{ investmentId: "x", amount: 1 }, { investmentId: "y", amount: 2 }]).map((p) => p.amount)).toEqual([3, 7]);
  });

  it("refuses no lenders, duplicate ids, zero investments and non-integer amounts", () => {
    expect(() => splitAmongLenders(1, [])).toThrow(RangeError);
    expect(() => splitAmongLenders(1, [{ investmentId: "a", amount: 1 }, { investmentId: "a", amount: 2 }])).toThrow(RangeError);
    expect(() => splitAmongLenders(1, [{ investmentId: "a", amount: 0 }])).toThrow(RangeError);
    expect(() => splitAmongLenders(0.5, [{ investmentId: "a", amount: 1 }])).toThrow(RangeError);
  });

  it("sums exactly, each part within one rupiah of its exact share, the same whatever the order", () => {
    fc.assert(
      fc.property(rupiah, investments, (amount, shares) => {
        const parts = splitAmongLenders(amount, shares);
        expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(amount);
        const total = BigInt(shares.reduce((s, x) => s + x.amount, 0));
        parts.forEach((p, k) => {
          const floor = (BigInt(amount) * BigInt(shares[k]!.amount)) / total;
          expect(p.amount - Number(floor)).toBeGreaterThanOrEqual(0);
          expect(p.amount - Number(floor)).toBeLessThanOrEqual(1);
        });
        const reversed = splitAmongLenders(amount, [...shares].reverse());
        expect(new Map(reversed.map((p) => [p.investmentId, p.amount]))).toEqual(new Map(parts.map((p) => [p.investmentId, p.amount])));
      }),
    );
  });
});

describe("deductFromInterest", () => {
  it("takes the platform fee and PPh 23 / PPh 26 from the gross interest, rounded down", () => {
    // 10 % fee: 12 345 → 1 234; PPh 23 15 %: 1 851; net 9 260.
    expect(deductFromInterest(12_345, 100_000, PPH23_RATE_PPM)).toEqual({ platformFee: 1_234, tax: 1_851, net: 9_260 });
    // PPh 26 20 %: 2 469.
    expect(deductFromInterest(12_345, 100_000, PPH26_RATE_PPM)).toEqual({ platformFee: 1_234, tax: 2_469, net: 8_642 });
    expect(() => deductFromInterest(1, 900_000, 200_000)).toThrow(RangeError);
  });
});

describe("splitRepayment", () => {
  it("credits each lender principal + late fee + net interest, fee and tax apart", () => {
    const lenders: LenderInvestment[] = [
      { investmentId: "inv-1", amount: 1_500_000, taxResidence: "resident" },
      { investmentId: "inv-2", amount: 500_000, taxResidence: "non_resident" },
    ];
    expect(splitRepayment({ principal: 500_000, interest: 60_000, lateFee: 1_001 }, lenders, 100_000)).toEqual({
      lenders: [
        { investmentId: "inv-1", principal: 375_000, interest: 45_000, lateFee: 751, platformFee: 4_500, tax: 6_750, net: 33_750, credited: 409_501 },
        { investmentId: "inv-2", principal: 125_000, interest: 15_000, lateFee: 250, platformFee: 1_500, tax: 3_000, net: 10_500, credited: 135_750 },
      ],
      platformFee: 6_000,
      tax: 9_750,
    });
  });

  it("accounts for every rupiah: credited + fee + tax = principal + interest + late fee", () => {
    fc.assert(
      fc.property(rupiah, rupiah, rupiah, investments, fc.integer({ min: 0, max: 800_000 }), (principal, interest, lateFee, lenders, feePpm) => {
        const split = splitRepayment({ principal, interest, lateFee }, lenders, feePpm);
        const credited = split.lenders.reduce((s, l) => s + l.credited, 0);
        expect(credited + split.platformFee + split.tax).toBe(principal + interest + lateFee);
        for (const l of split.lenders) {
          expect(l.net).toBeGreaterThanOrEqual(0);
          expect(l.net + l.platformFee + l.tax).toBe(l.interest);
        }
      }),
    );
  });
});
