import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateRoundRobin, autoinvestShare, lenderBudget, matchesRules, type AutoinvestRules, type Candidate } from "./autoinvest.ts";

const STEP = 100_000;

const RULES: AutoinvestRules = {
  enabled: true,
  amountPerLoan: 500_000,
  tenorMinMonths: 3,
  tenorMaxMonths: 6,
  riskGrades: ["A", "B"],
  productKeys: [],
  maxPerBorrower: 1_000_000,
  reserve: 200_000,
};

const candidates = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), budget: fc.integer({ min: 0, max: 30 }).map((n) => n * STEP) }), {
  selector: (c) => c.id,
  maxLength: 40,
});
const share = fc.integer({ min: 0, max: 200 }).map((n) => n * STEP);

const amountOf = (allocations: { id: string; amount: number }[], id: string) => allocations.find((a) => a.id === id)?.amount ?? 0;

describe("autoinvest rules", () => {
  it("match on tenor, grade and product; an empty product list takes every product; disabled matches nothing", () => {
    const target = { term: 4, riskGrade: "A", productKey: "spl" };
    expect(matchesRules(RULES, target)).toBe(true);
    expect(matchesRules(RULES, { ...target, term: 7 })).toBe(false);
    expect(matchesRules(RULES, { ...target, term: 2 })).toBe(false);
    expect(matchesRules(RULES, { ...target, riskGrade: "C" })).toBe(false);
    expect(matchesRules(RULES, { ...target, riskGrade: null })).toBe(false);
    expect(matchesRules({ ...RULES, productKeys: ["bpl"] }, target)).toBe(false);
    expect(matchesRules({ ...RULES, productKeys: ["bpl", "spl"] }, target)).toBe(true);
    expect(matchesRules({ ...RULES, enabled: false }, target)).toBe(false);
  });

  it("share is 80 % of the amount in whole steps, never above what remains", () => {
    expect(autoinvestShare(10_000_000, 0)).toBe(8_000_000);
    expect(autoinvestShare(1_050_000, 0)).toBe(800_000);
    expect(autoinvestShare(10_000_000, 9_000_000)).toBe(1_000_000);
    expect(autoinvestShare(10_000_000, 10_000_000)).toBe(0);
  });

  it("a lender's budget is the least of amount per loan, balance above the reserve and room with the borrower", () => {
    expect(lenderBudget(RULES, 10_000_000, 0)).toBe(500_000);
    expect(lenderBudget(RULES, 550_000, 0)).toBe(300_000);
    expect(lenderBudget(RULES, 150_000, 0)).toBe(0);
    expect(lenderBudget(RULES, 10_000_000, 800_000)).toBe(200_000);
    expect(lenderBudget(RULES, 10_000_000, 1_200_000)).toBe(0);
  });
});

describe("round robin allocation", () => {
  it("gives one step a round in rotation order, extras to the front, answered in the order of each lender's last step", () => {
    const result = allocateRoundRobin(700_000, [
      { id: "a", budget: 500_000 },
      { id: "b", budget: 100_000 },
      { id: "c", budget: 500_000 },
    ]);
    // Round 1: a b c; round 2: a c; round 3: a c; then the share is spent.
    expect(result).toEqual([
      { id: "b", amount: 100_000 },
      { id: "a", amount: 300_000 },
      { id: "c", amount: 300_000 },
    ]);
  });

  it("never exceeds the share or a budget, allocates whole steps, and spends the share while anyone can take a step", () => {
    fc.assert(
      fc.property(share, candidates, (s, cs) => {
        const result = allocateRoundRobin(s, cs);
        const total = result.reduce((sum, a) => sum + a.amount, 0);
        expect(total).toBeLessThanOrEqual(s);
        for (const a of result) {
          expect(a.amount % STEP).toBe(0);
          expect(a.amount).toBeGreaterThan(0);
          expect(a.amount).toBeLessThanOrEqual(cs.find((c) => c.id === a.id)!.budget);
        }
        const capacity = cs.reduce((sum, c) => sum + c.budget, 0);
        expect(total).toBe(Math.min(s, capacity));
      }),
    );
  });

  it("two lenders who could both take more differ by at most one step, the earlier in rotation never behind", () => {
    fc.assert(
      fc.property(share, candidates, (s, cs: Candidate[]) => {
        const result = allocateRoundRobin(s, cs);
        cs.forEach((a, i) =>
          cs.slice(i + 1).forEach((b) => {
            const [ga, gb] = [amountOf(result, a.id), amountOf(result, b.id)];
            // Whoever got less was either capped by their budget or is within one step.
            if (gb < a.budget && gb < b.budget) expect(ga - gb).toBeLessThanOrEqual(STEP);
            if (ga < a.budget && ga < b.budget) expect(gb - ga).toBeLessThanOrEqual(STEP);
            if (ga < a.budget && gb < b.budget) expect(ga).toBeGreaterThanOrEqual(gb);
          }),
        );
      }),
    );
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(share, candidates, (s, cs) => {
        expect(allocateRoundRobin(s, cs)).toEqual(allocateRoundRobin(s, [...cs]));
      }),
    );
  });

  it("no lender starves: rotating the served to the back, equal lenders over many applications differ by at most one step", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }), (lenders, steps) => {
        let rotation = Array.from({ length: lenders }, (_, i) => `l${i}`);
        const totals = new Map(rotation.map((id) => [id, 0]));
        for (const n of steps) {
          const result = allocateRoundRobin(n * STEP, rotation.map((id) => ({ id, budget: STEP })));
          for (const a of result) totals.set(a.id, totals.get(a.id)! + a.amount);
          const served = result.map((a) => a.id);
          rotation = [...rotation.filter((id) => !served.includes(id)), ...served];
        }
        expect(Math.max(...totals.values()) - Math.min(...totals.values())).toBeLessThanOrEqual(STEP);
      }),
    );
  });
});
