import { describe, expect, it } from "vitest";
import { claimAmount, INSURANCE_PREMIUM_PPM, premiumRatePpm, remittancePeriodBefore } from "./lender-insurance.ts";

describe("lender insurance", () => {
  it("covers the whole outstanding principal", () => {
    expect(claimAmount(1_234_567)).toBe(1_234_567);
    expect(claimAmount(0)).toBe(0);
  });

  it("charges the premium only on an insured share not yet claimed", () => {
    expect(premiumRatePpm({ insured: true, claimed: false })).toBe(INSURANCE_PREMIUM_PPM);
    expect(premiumRatePpm({ insured: false, claimed: false })).toBe(0);
    expect(premiumRatePpm({ insured: true, claimed: true })).toBe(0);
  });
});

describe("remittancePeriodBefore", () => {
  it("is the previous calendar month with its last day, across a year and in a leap February", () => {
    expect(remittancePeriodBefore("2026-12-01")).toEqual({ period: "2026-11", lastDay: "2026-11-30" });
    expect(remittancePeriodBefore("2027-01-15")).toEqual({ period: "2026-12", lastDay: "2026-12-31" });
    expect(remittancePeriodBefore("2028-03-01")).toEqual({ period: "2028-02", lastDay: "2028-02-29" });
    expect(remittancePeriodBefore("2027-03-31")).toEqual({ period: "2027-02", lastDay: "2027-02-28" });
  });
});
