import { describe, expect, it } from "vitest";
import { describeLoanChange, loanChangeTerms, needsSecondApproval, relievedRatePpm, type LoanChangeEffect, type LoanChangeInput } from "./loan-changes.ts";

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

describe("relievedRatePpm", () => {
  it("lowers the current rate by the relief asked for, rounded down, and asks nothing without relief", () => {
    expect(relievedRatePpm(3000, 25)).toBe(2250);
    expect(relievedRatePpm(1001, 50)).toBe(500);
    expect(relievedRatePpm(3000, 0)).toBeNull();
  });
});

describe("four eyes on a loan change", () => {
  const unchanged: LoanChangeEffect = { extraMonths: 2, maturityFrom: "2026-08-08", maturityTo: "2026-08-08", rateFromPpm: 1000, rateToPpm: 1000, waivedLateFees: 0 };

  it("a lower rate, a forgiven late fee or a moved maturity needs a second staff member; nothing of these does not", () => {
    expect(needsSecondApproval(unchanged)).toBe(false);
    expect(needsSecondApproval({ ...unchanged, rateToPpm: 999 })).toBe(true);
    expect(needsSecondApproval({ ...unchanged, waivedLateFees: 1 })).toBe(true);
    expect(needsSecondApproval({ ...unchanged, maturityTo: "2026-10-08" })).toBe(true);
  });

  it("says the real change: months added, maturity before and after, rate before and after, late fees forgiven", () => {
    expect(describeLoanChange({ ...unchanged, maturityTo: "2026-10-08" })).toBe("tenor +2 bulan, jatuh tempo 8 Agu 2026 → 8 Okt 2026");
    expect(describeLoanChange({ ...unchanged, extraMonths: 3, maturityTo: "2026-11-08", rateToPpm: 500, waivedLateFees: 45_000 })).toBe(
      "tenor +3 bulan, jatuh tempo 8 Agu 2026 → 8 Nov 2026, bunga 0,1%/hari → 0,05%/hari, denda Rp 45.000 dihapuskan",
    );
  });
});
