import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { xirrPpm } from "./xirr.ts";

describe("xirrPpm", () => {
  it("is the annual rate of known cash flows, in ppm", () => {
    // 10 million out, 11 million back a year later: 10 %.
    expect(xirrPpm([{ date: "2025-01-01", amount: -10_000_000 }, { date: "2026-01-01", amount: 11_000_000 }])).toBe(100_000);
    // Spreadsheet XIRR example: −10,000 on 2008-01-01, then 2,750 / 4,250 / 3,250 / 2,750 → 37.336 %.
    expect(
      xirrPpm([
        { date: "2008-01-01", amount: -10_000 },
        { date: "2008-03-01", amount: 2_750 },
        { date: "2008-10-30", amount: 4_250 },
        { date: "2009-02-15", amount: 3_250 },
        { date: "2009-04-01", amount: 2_750 },
      ]),
    ).toBe(373_363);
    // Three quarters of the money lost in a year: −75 %.
    expect(xirrPpm([{ date: "2025-01-01", amount: -1_000_000 }, { date: "2026-01-01", amount: 250_000 }])).toBe(-750_000);
  });

  it("is undefined without both money out and money in, and refuses fractions of a rupiah", () => {
    expect(xirrPpm([])).toBeNull();
    expect(xirrPpm([{ date: "2025-01-01", amount: -1_000 }])).toBeNull();
    expect(xirrPpm([{ date: "2025-01-01", amount: 1_000 }, { date: "2025-02-01", amount: 0 }])).toBeNull();
    expect(() => xirrPpm([{ date: "2025-01-01", amount: -10.5 }, { date: "2025-02-01", amount: 11 }])).toThrow(RangeError);
  });

  const investment = fc.record({
    start: fc.integer({ min: 0, max: 3_000 }).map((d) => addDays("2020-01-01", d)),
    amount: fc.integer({ min: 100_000, max: 10_000_000_000 }),
    days: fc.integer({ min: 30, max: 1_000 }),
    ratePpm: fc.integer({ min: -500_000, max: 2_000_000 }),
  });

  it("finds the rate a single investment was grown at (within the rupiah rounding)", () => {
    fc.assert(
      fc.property(investment, ({ start, amount, days, ratePpm }) => {
        const back = Math.round(amount * Math.pow(1 + ratePpm / 1e6, days / 365));
        const found = xirrPpm([{ date: start, amount: -amount }, { date: addDays(start, days), amount: back }])!;
        // Rounding `back` to the rupiah changes it by a factor (1 + ε), |ε| ≤ 0.5 / back; the annual
        // rate then moves by (1 + r) × ((1 + ε)^(365/days) − 1) ≈ (1 + r) × ε × 365 / days, which
        // grows with the rate (a fixed 150 ppm failed at 189 %/year over 30 days); 2 ppm for the
        // solver's own rounding.
        const rounding = (1 + ratePpm / 1e6) * (0.5 / back) * (365 / days) * 1e6;
        return Math.abs(found - ratePpm) <= Math.ceil(rounding * 1.05) + 2;
      }),
    );
  });

  it("does not depend on the scale of the flows or the order they are listed in, and more money back is a higher rate", () => {
    fc.assert(
      fc.property(investment, fc.integer({ min: 2, max: 1_000 }), ({ start, amount, days }, k) => {
        const flows = [
          { date: start, amount: -amount },
          { date: addDays(start, Math.floor(days / 2)), amount: Math.floor(amount / 2) },
          { date: addDays(start, days), amount: Math.floor(amount / 2) + 1_000 },
        ];
        const rate = xirrPpm(flows)!;
        const scaled = xirrPpm(flows.map((f) => ({ ...f, amount: f.amount * k })))!;
        const reversed = xirrPpm([...flows].reverse())!;
        const more = xirrPpm([...flows, { date: addDays(start, days), amount: 100_000 }])!;
        return Math.abs(scaled - rate) <= 1 && reversed === rate && more > rate;
      }),
    );
  });
});
