import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declaredFinances } from "./kyc-answers.ts";
import { gradePoints, riskGrade } from "./risk-grade.ts";
import { affordabilityCapBp, debtServiceRatioBp, decideApplication, evaluateRules, type DecisionInput } from "./rules.ts";

/** Wati, 36 on 2026-11-24 (NIK born 15 May 1990), an employee earning Rp5–10 juta. */
const GOOD: DecisionInput = {
  today: "2026-11-24",
  personalCode: "3273015505900001",
  personalCodeOnOtherCustomer: false,
  otherApplicationsInFlight: 0,
  instalment: 450_000,
  monthlyIncome: 5_000_000,
  otherPlatformsInstalment: 0,
  otherPlatformsCount: 0,
  employmentType: "employee",
};

describe("decideApplication", () => {
  it("approves when every rule passes, each rule's measurement recorded, grade A", () => {
    const decision = decideApplication(GOOD, riskGrade);
    expect(decision).toMatchObject({ outcome: "approve", grade: "A" });
    expect(decision.rules.map((r) => [r.key, r.passed])).toEqual([
      ["minimum_age", true],
      ["personal_code_unique", true],
      ["one_open_application", true],
      ["other_platforms", true],
      ["affordability", true],
    ]);
    expect(decision.rules[0]).toMatchObject({ measured: { age: 36 }, threshold: { min_age: 25 } });
    expect(decision.rules[4]).toMatchObject({
      measured: { monthly_income: 5_000_000, instalment: 450_000, other_platforms_instalment: 0, ratio_bp: 900 },
      threshold: { max_ratio_bp: 3000 },
    });
    expect(decision.rules[4]!.source).toContain("SEOJK 19/SEOJK.06/2025");
  });

  it.each([
    ["minimum_age", { personalCode: "3273014501050003" }, { age: 21 }],
    ["personal_code_unique", { personalCodeOnOtherCustomer: true }, { on_other_customer: true }],
    ["one_open_application", { otherApplicationsInFlight: 1 }, { other_applications_in_flight: 1 }],
    ["other_platforms", { otherPlatformsCount: 3 }, { other_platforms: 3 }],
    ["affordability", { otherPlatformsInstalment: 1_100_000 }, { ratio_bp: 3100 }],
  ] as const)("rejects on %s", (key, change, measured) => {
    const decision = decideApplication({ ...GOOD, ...change }, riskGrade);
    expect(decision).toMatchObject({ outcome: "reject", reason: key });
    expect(decision.rules.filter((r) => r.passed === false).map((r) => r.key)).toEqual([key]);
    expect(decision.rules.find((r) => r.key === key)!.measured).toMatchObject(measured);
  });

  it("tells the first failing rule when several fail", () => {
    const decision = decideApplication({ ...GOOD, otherPlatformsCount: 4, otherApplicationsInFlight: 1 }, riskGrade);
    expect(decision).toMatchObject({ outcome: "reject", reason: "one_open_application" });
  });

  it("refers to an operator when the flow asked no income or other platforms", () => {
    const decision = decideApplication({ ...GOOD, monthlyIncome: null }, riskGrade);
    expect(decision.outcome).toBe("refer");
    expect(decision.rules.find((r) => r.key === "affordability")).toMatchObject({ passed: null, measured: { ratio_bp: null } });
    expect(decideApplication({ ...GOOD, otherPlatformsCount: null }, riskGrade).outcome).toBe("refer");
  });

  it("affordability: 30 % exactly passes from 2026, 40 % in 2025", () => {
    expect(affordabilityCapBp("2025-12-31")).toBe(4000);
    expect(affordabilityCapBp("2026-01-01")).toBe(3000);
    const at = (instalment: number, today: string) => evaluateRules({ ...GOOD, instalment, today }).find((r) => r.key === "affordability")!.passed;
    expect(at(1_500_000, "2026-01-01")).toBe(true);
    expect(at(1_500_001, "2026-01-01")).toBe(false);
    expect(at(2_000_000, "2025-06-30")).toBe(true);
    expect(at(2_000_001, "2025-06-30")).toBe(false);
  });

  it("the ratio rounds up: it never reports a borrower as more affordable than they are", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 1_000_000_000 }), (instalments, income) => {
        const bp = debtServiceRatioBp(instalments, income)!;
        expect(bp * income).toBeGreaterThanOrEqual(instalments * 10_000);
        expect((bp - 1) * income).toBeLessThan(instalments * 10_000);
      }),
    );
    expect(debtServiceRatioBp(1, null)).toBeNull();
  });
});

describe("riskGrade", () => {
  it.each([
    ["A", {}, { ratio: 0, employment: 0, platforms: 0 }],
    ["B", { otherPlatformsCount: 1 }, { ratio: 0, employment: 0, platforms: 1 }],
    ["C", { instalment: 900_000, employmentType: "self_employed" }, { ratio: 1, employment: 1, platforms: 0 }],
    ["D", { instalment: 900_000, employmentType: "freelancer" }, { ratio: 1, employment: 2, platforms: 0 }],
    ["E", { instalment: 1_400_000, employmentType: "freelancer", otherPlatformsCount: 2 }, { ratio: 2, employment: 2, platforms: 2 }],
    ["E", { monthlyIncome: null, employmentType: null, otherPlatformsCount: null }, { ratio: 2, employment: 2, platforms: 2 }],
  ] as const)("%s for %o", (grade, change, points) => {
    const input = { ...GOOD, ...change };
    expect(gradePoints(input)).toMatchObject(points);
    expect(riskGrade(input)).toBe(grade);
  });

  it("never gets better when the ratio, the employment or the platforms get worse", () => {
    const order = "ABCDE";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000_000 }), fc.integer({ min: 0, max: 3_000_000 }), fc.integer({ min: 0, max: 4 }), (a, b, platforms) => {
        const low = riskGrade({ ...GOOD, instalment: Math.min(a, b), otherPlatformsCount: platforms });
        const high = riskGrade({ ...GOOD, instalment: Math.max(a, b), otherPlatformsCount: Math.min(4, platforms + 1) });
        expect(order.indexOf(high)).toBeGreaterThanOrEqual(order.indexOf(low));
      }),
    );
  });
});

describe("declaredFinances", () => {
  it("reads the bands of onboarding's answers", () => {
    expect(declaredFinances({ monthly_income: "5m_10m", other_platforms_instalment: "1m_3m", other_platforms_count: "4_or_more", employment_type: "employee" })).toEqual({
      monthlyIncome: 5_000_000,
      otherPlatformsInstalment: 3_000_000,
      otherPlatformsCount: 4,
      employmentType: "employee",
    });
    expect(declaredFinances({ payroll_employer: "bni", monthly_income: "toString" })).toEqual({
      monthlyIncome: null,
      otherPlatformsInstalment: null,
      otherPlatformsCount: null,
      employmentType: "payroll",
    });
  });
});
