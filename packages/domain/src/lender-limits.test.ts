import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lenderClass, NON_PROFESSIONAL_MAX_INCOME, placementHeadroom, placementLimit, withinPlacementLimit } from "./lender-limits.ts";

describe("OJK placement limit of an individual lender", () => {
  it("is 10 % of income up to Rp500 million a year and 20 % above", () => {
    expect(placementLimit(120_000_000)).toBe(12_000_000);
    expect(placementLimit(NON_PROFESSIONAL_MAX_INCOME)).toBe(50_000_000);
    expect(lenderClass(NON_PROFESSIONAL_MAX_INCOME)).toBe("non_professional");
    expect(lenderClass(NON_PROFESSIONAL_MAX_INCOME + 1)).toBe("professional");
    expect(placementLimit(NON_PROFESSIONAL_MAX_INCOME + 1)).toBe(100_000_000);
    expect(placementLimit(900_000_000)).toBe(180_000_000);
  });

  it("rounds down to whole rupiah", () => {
    expect(placementLimit(36_000_009)).toBe(3_600_000);
    expect(placementLimit(500_000_004)).toBe(100_000_000);
    expect(placementLimit(500_000_005)).toBe(100_000_001);
  });

  it("allows exactly the limit and refuses one rupiah more", () => {
    expect(withinPlacementLimit(120_000_000, 11_000_000, 1_000_000)).toBe(true);
    expect(withinPlacementLimit(120_000_000, 11_000_001, 1_000_000)).toBe(false);
    expect(placementHeadroom(120_000_000, 11_000_001)).toBe(999_999);
    expect(placementHeadroom(120_000_000, 13_000_000)).toBe(0);
  });

  it("equals floor(income × share) exactly, for any income a lender can declare", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (income) => {
        const share = income <= NON_PROFESSIONAL_MAX_INCOME ? 10n : 5n;
        expect(BigInt(placementLimit(income))).toBe(BigInt(income) / share);
      }),
    );
  });

  it("at any placement, an amount passes exactly when it fits the headroom", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 0, max: 3_000_000_000 }), fc.integer({ min: 1, max: 1_000_000_000 }), (income, placed, amount) => {
        const headroom = placementHeadroom(income, placed);
        expect(withinPlacementLimit(income, placed, amount)).toBe(placed <= placementLimit(income) && amount <= headroom);
        if (placed <= placementLimit(income)) {
          expect(withinPlacementLimit(income, placed, headroom)).toBe(true);
          expect(withinPlacementLimit(income, placed, headroom + 1)).toBe(false);
        }
      }),
    );
  });
});
