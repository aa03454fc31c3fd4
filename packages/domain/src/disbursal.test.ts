import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COOLING_OFF_DAYS, coolingOffEndsOn, disbursalRetryDelayMinutes, disbursalSplit } from "./disbursal.ts";

describe("cooling-off", () => {
  it("ends COOLING_OFF_DAYS calendar days after the funding date, across months and weekends", () => {
    expect(COOLING_OFF_DAYS).toBe(2);
    expect(coolingOffEndsOn("2026-11-27")).toBe("2026-11-29");
    expect(coolingOffEndsOn("2026-12-31")).toBe("2027-01-02");
  });
});

describe("disbursalSplit", () => {
  it("pays the whole principal when there is no upfront fee", () => {
    expect(disbursalSplit(2_000_000)).toEqual({ payout: 2_000_000, fee: 0 });
  });

  it("takes the fee rounded down", () => {
    expect(disbursalSplit(1_000_001, 50_000)).toEqual({ payout: 950_001, fee: 50_000 });
  });

  it("accounts for every rupiah", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000_000_000 }), fc.integer({ min: 0, max: 999_999 }), (principal, ppm) => {
        const { payout, fee } = disbursalSplit(principal, ppm);
        expect(payout + fee).toBe(principal);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual((principal * ppm) / 1_000_000);
        expect(Number.isSafeInteger(fee)).toBe(true);
      }),
    );
  });

  it("refuses amounts that are no rupiah", () => {
    expect(() => disbursalSplit(0)).toThrow(RangeError);
    expect(() => disbursalSplit(10.5)).toThrow(RangeError);
    expect(() => disbursalSplit(100, 1_000_000)).toThrow(RangeError);
  });
});

describe("disbursalRetryDelayMinutes", () => {
  it("doubles from 15 minutes", () => {
    expect([1, 2, 3, 4].map(disbursalRetryDelayMinutes)).toEqual([15, 30, 60, 120]);
    expect(() => disbursalRetryDelayMinutes(0)).toThrow(RangeError);
  });
});
