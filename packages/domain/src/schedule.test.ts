import { describe, expect, it } from "vitest";
import { buildSchedule, flatInterest, monthlyInterest } from "./schedule.ts";

describe("flatInterest", () => {
  it("is the term's months of principal × rate × 30 days, each month floored", () => {
    expect(flatInterest(5000000, 3000, 6)).toBe(2700000);
    expect(flatInterest(1000000, 3000, 1)).toBe(90000);
    expect(flatInterest(1000001, 3000, 1)).toBe(90000); // 90000.09 floored
    expect(flatInterest(1000000, 3000, 1, 31)).toBe(93000);
    // Each month floored (decision 0003): 3 × floor(1000001 × 0.09) = 3 × 90000, not floor(270000.27).
    expect(flatInterest(1000001, 3000, 3)).toBe(270000);
    expect(flatInterest(1000011, 3000, 12)).toBe(12 * 90000); // 1,080,011.88 as one product
  });

  it("uses BigInt so large products stay exact", () => {
    // The float product 1419081944581811 × 3000 × 30 passes 2^53 and floors to ...363; exact is
    // 127,717,375,012,362.99 floored, times 12 months (...355 before interest was floored per
    // month, decision 0003).
    expect(monthlyInterest(1_419_081_944_581_811, 3000)).toBe(127_717_375_012_362);
    expect(flatInterest(1_419_081_944_581_811, 3000, 12)).toBe(1_532_608_500_148_344);
    expect(() => flatInterest(Number.MAX_SAFE_INTEGER, 1_000_000, 12)).toThrow(RangeError);
  });

  it("refuses invalid input", () => {
    expect(() => flatInterest(100.5, 3000, 6)).toThrow(RangeError);
    expect(() => flatInterest(100, -1, 6)).toThrow(RangeError);
    expect(() => flatInterest(100, 3000, 0)).toThrow(RangeError);
  });
});

describe("buildSchedule", () => {
  it("prices 5,000,000 at 0.3 %/day over 6 months", () => {
    const schedule = buildSchedule({ principal: 5000000, dailyRatePpm: 3000, termMonths: 6, startDate: "2026-01-31" });
    expect(schedule.totalInterest).toBe(2700000);
    expect(schedule.totalRepayment).toBe(7700000);
    expect(schedule.instalments).toEqual([
      { number: 1, dueDate: "2026-02-28", principal: 833333, interest: 450000, amount: 1283333 },
      { number: 2, dueDate: "2026-03-31", principal: 833333, interest: 450000, amount: 1283333 },
      { number: 3, dueDate: "2026-04-30", principal: 833333, interest: 450000, amount: 1283333 },
      { number: 4, dueDate: "2026-05-31", principal: 833333, interest: 450000, amount: 1283333 },
      { number: 5, dueDate: "2026-06-30", principal: 833333, interest: 450000, amount: 1283333 },
      { number: 6, dueDate: "2026-07-31", principal: 833335, interest: 450000, amount: 1283335 },
    ]);
  });

  it("puts the principal's remainder in the last instalment; every month has the same interest", () => {
    const schedule = buildSchedule({ principal: 1000000, dailyRatePpm: 2000, termMonths: 7, startDate: "2026-03-15" });
    expect(schedule.totalInterest).toBe(420000);
    const [first] = schedule.instalments;
    const last = schedule.instalments[6];
    expect(first).toEqual({ number: 1, dueDate: "2026-04-15", principal: 142857, interest: 60000, amount: 202857 });
    expect(last).toEqual({ number: 7, dueDate: "2026-10-15", principal: 142858, interest: 60000, amount: 202858 });
  });

  it("handles an interest-free loan and one month", () => {
    const free = buildSchedule({ principal: 500000, dailyRatePpm: 0, termMonths: 1, startDate: "2026-12-31" });
    expect(free).toEqual({
      principal: 500000,
      startDate: "2026-12-31",
      dailyRatePpm: 0,
      termMonths: 1,
      totalInterest: 0,
      totalRepayment: 500000,
      instalments: [{ number: 1, dueDate: "2027-01-31", principal: 500000, interest: 0, amount: 500000 }],
    });
  });

  it("sums to principal + interest exactly for many amounts, rates and terms", () => {
    let checked = 0;
    for (let principal = 500000; principal <= 20000000; principal += 487_313) {
      for (const dailyRatePpm of [0, 1, 670, 1000, 1999, 2000, 2750, 3000]) {
        for (let termMonths = 1; termMonths <= 12; termMonths += 1) {
          const s = buildSchedule({ principal, dailyRatePpm, termMonths, startDate: "2026-01-31" });
          const sumAmount = s.instalments.reduce((sum, i) => sum + i.amount, 0);
          const sumPrincipal = s.instalments.reduce((sum, i) => sum + i.principal, 0);
          const sumInterest = s.instalments.reduce((sum, i) => sum + i.interest, 0);
          expect(sumAmount).toBe(principal + s.totalInterest);
          expect(sumPrincipal).toBe(principal);
          expect(sumInterest).toBe(s.totalInterest);
          expect(s.totalInterest).toBe(termMonths * Math.floor((principal * dailyRatePpm * 30) / 1_000_000));
          expect(s.instalments).toHaveLength(termMonths);
          expect(new Set(s.instalments.map((i) => i.interest))).toEqual(new Set([s.totalInterest / termMonths]));
          for (const i of s.instalments) {
            expect(Number.isSafeInteger(i.amount)).toBe(true);
            expect(i.amount).toBe(i.principal + i.interest);
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBe(41 * 8 * 12);
  });

  it("refuses a bad start date", () => {
    expect(() => buildSchedule({ principal: 500000, dailyRatePpm: 3000, termMonths: 1, startDate: "2026-02-30" })).toThrow(
      RangeError,
    );
  });
});
