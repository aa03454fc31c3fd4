import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVESTMENT_AMOUNT, investmentAmountProblem, investmentAmountRuleProblem, remainingAmount } from "./funding.ts";

describe("investment amount", () => {
  it("refuses below the minimum, off the step and above what remains", () => {
    expect(investmentAmountProblem(0, 1_000_000)).toBe("below_minimum");
    expect(investmentAmountProblem(99_999, 1_000_000)).toBe("below_minimum");
    expect(investmentAmountProblem(150_000, 1_000_000)).toBe("not_a_step");
    expect(investmentAmountProblem(1_100_000, 1_000_000)).toBe("above_remaining");
    expect(investmentAmountProblem(100_000, 1_000_000)).toBeNull();
    expect(investmentAmountProblem(1_000_000, 1_000_000)).toBeNull();
  });

  it("the rules that need no state (checked before the application is locked) leave what remains to the lock", () => {
    expect([investmentAmountRuleProblem(99_999), investmentAmountRuleProblem(150_000), investmentAmountRuleProblem(1_100_000)]).toEqual(["below_minimum", "not_a_step", null]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 20_000_000 }), (amount, remaining) => {
        const problem = investmentAmountProblem(amount, remaining);
        expect(problem).toBe(investmentAmountRuleProblem(amount) ?? (amount > remaining ? "above_remaining" : null));
      }),
    );
  });

  it("any accepted amount is a step multiple, at least the minimum, and never over-funds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 20_000_000 }), fc.integer({ min: 0, max: 20_000_000 }), (amount, total, funded) => {
        const remaining = remainingAmount(total, funded);
        if (investmentAmountProblem(amount, remaining) !== null) return;
        expect(amount % INVESTMENT_AMOUNT.step).toBe(0);
        expect(amount).toBeGreaterThanOrEqual(INVESTMENT_AMOUNT.min);
        expect(funded + amount).toBeLessThanOrEqual(Math.max(total, funded));
      }),
    );
  });
});
