import { describe, expect, it } from "vitest";
import { claimAmount, INSURANCE_PREMIUM_PPM, premiumRatePpm } from "./lender-insurance.ts";

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
