import { describe, expect, it } from "vitest";
import { loanChangeTerms, type LoanChangeInput } from "./loan-changes.ts";

const base: LoanChangeInput = {
  type: "reschedule",
  loanType: "consumptive",
  outstandingPrincipal: 3_000_000,
  arrearsInterest: 0,
  openInstalments: 3,
  extraMonths: 3,
  currentRatePpm: 1000,
  requestedRatePpm: null,
  today: "2026-11-24",
};

describe("loanChangeTerms", () => {
  it("reschedule: the open instalments plus the months asked for, same rate, instalments summing to principal + interest", () => {
    const terms = loanChangeTerms(base);
    if (!terms.ok) throw new Error(terms.reason);
    expect(terms.termMonths).toBe(6);
    expect(terms.dailyRatePpm).toBe(1000);
    // 3,000,000 × 0.1 % × 180 days = 540,000 interest.
    expect(terms.totalRepayment).toBe(3_540_000);
    expect(terms.instalments.map((i) => i.total)).toEqual([590_000, 590_000, 590_000, 590_000, 590_000, 590_000]);
    expect(terms.instalments.reduce((s, i) => s + i.principal, 0)).toBe(3_000_000);
    expect(terms.instalments[0]!.dueOn).toBe("2026-12-24");
    expect(terms.maturityOn).toBe("2027-05-24");
  });

  it("keeps interest in arrears due at once as instalment 1 and numbers the new schedule after it", () => {
    const terms = loanChangeTerms({ ...base, arrearsInterest: 90_000 });
    if (!terms.ok) throw new Error(terms.reason);
    expect(terms.instalments[0]).toEqual({ number: 1, dueOn: "2026-11-24", principal: 0, interest: 90_000, total: 90_000 });
    expect(terms.instalments.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(terms.totalRepayment).toBe(3_540_000 + 90_000);
    expect(terms.instalments.reduce((s, i) => s + i.total, 0)).toBe(terms.totalRepayment);
  });

  it("restructure may lower the rate, never raise it", () => {
    const lower = loanChangeTerms({ ...base, type: "restructure", requestedRatePpm: 500 });
    expect(lower.ok && lower.dailyRatePpm).toBe(500);
    if (lower.ok) expect(lower.totalRepayment).toBe(3_000_000 + 270_000);
    expect(loanChangeTerms({ ...base, type: "restructure", requestedRatePpm: 1500 })).toMatchObject({ ok: false, field: "daily_rate_ppm" });
    // A reschedule ignores a rate.
    expect(loanChangeTerms({ ...base, requestedRatePpm: 500 })).toMatchObject({ ok: true, dailyRatePpm: 1000 });
  });

  it("cuts a rate above the OJK cap of the new tenor", () => {
    const terms = loanChangeTerms({ ...base, currentRatePpm: 3000, extraMonths: 6 });
    expect(terms.ok && terms.dailyRatePpm).toBeLessThan(3000);
  });

  it("refuses 0 or more than 24 extra months and a loan with nothing outstanding", () => {
    expect(loanChangeTerms({ ...base, extraMonths: 0 })).toMatchObject({ ok: false, field: "extra_months" });
    expect(loanChangeTerms({ ...base, extraMonths: 25 })).toMatchObject({ ok: false, field: "extra_months" });
    expect(loanChangeTerms({ ...base, outstandingPrincipal: 0 })).toMatchObject({ ok: false, field: "loan" });
  });
});
