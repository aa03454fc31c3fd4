import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lenderPayouts, type LenderPosition } from "./repayment-shares.ts";

const lenders = fc
  .array(fc.record({
      amount: fc.integer({ min: 1, max: 5_000_000_000 }),
      repaidPermille: fc.integer({ min: 0, max: 1000 }),
      taxRatePpm: fc.constantFrom(0, 150_000, 200_000),
      premiumRatePpm: fc.constantFrom(0, 150_000),
    }), { minLength: 1, maxLength: 8 })
  .map((ls) =>
    ls.map((l, k): LenderPosition => ({ investmentId: `inv-${String(k).padStart(2, "0")}`, amount: l.amount, outstandingPrincipal: Math.floor((l.amount * (1000 - l.repaidPermille)) / 1000), taxRatePpm: l.taxRatePpm, premiumRatePpm: l.premiumRatePpm })),
  )
  .filter((ls) => ls.some((l) => l.outstandingPrincipal > 0));

describe("lenderPayouts", () => {
  it("splits a worked example: interest by investment, principal by what each is still owed, fee off the interest", () => {
    const payouts = lenderPayouts(
      { principal: 500_000, interest: 60_000, lateFee: 7_001 },
      [
        { investmentId: "a", amount: 1_200_000, outstandingPrincipal: 1_200_000, taxRatePpm: 0 },
        { investmentId: "b", amount: 800_000, outstandingPrincipal: 300_000, taxRatePpm: 150_000, premiumRatePpm: 150_000 },
      ],
      100_000,
    );
    // Principal by what is owed: 500 000 × 1 200 000 / 1 500 000 = 400 000 and 100 000. Interest by
    // investment, 60 % and 40 %, fee 10 % of each, tax and premium only where a rate is given. Late fee 7 001:
    // exact 4 200.6 and 2 800.4, the left-over rupiah to the larger remainder (a).
    expect(payouts).toEqual([
      { investmentId: "a", principal: 400_000, interest: 36_000, platformFee: 3_600, tax: 0, insurancePremium: 0, net: 32_400, lateFee: 4_201 },
      { investmentId: "b", principal: 100_000, interest: 24_000, platformFee: 2_400, tax: 3_600, insurancePremium: 3_600, net: 14_400, lateFee: 2_800 },
    ]);
  });

  it("accounts for every rupiah and never repays a lender more principal than they are owed", () => {
    fc.assert(
      fc.property(lenders, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 400_000 }), (ls, permille, interest, lateFee, fee) => {
        const owed = ls.reduce((s, l) => s + l.outstandingPrincipal, 0);
        const principal = Math.floor((owed * permille) / 1000);
        const payouts = lenderPayouts({ principal, interest, lateFee }, ls, fee);
        expect(payouts.reduce((s, p) => s + p.principal, 0)).toBe(principal);
        expect(payouts.reduce((s, p) => s + p.interest, 0)).toBe(interest);
        expect(payouts.reduce((s, p) => s + p.lateFee, 0)).toBe(lateFee);
        payouts.forEach((p, k) => {
          expect(p.principal).toBeLessThanOrEqual(ls[k]!.outstandingPrincipal);
          expect(p.net + p.platformFee + p.tax + p.insurancePremium).toBe(p.interest);
          expect(p.tax).toBe(Math.floor((p.interest * ls[k]!.taxRatePpm) / 1_000_000));
        });
        // The payment that clears the loan pays every lender exactly what they are owed.
        if (permille === 1000) payouts.forEach((p, k) => expect(p.principal).toBe(ls[k]!.outstandingPrincipal));
      }),
    );
  });

  it("refuses more principal than the lenders are owed", () => {
    expect(() => lenderPayouts({ principal: 101, interest: 0, lateFee: 0 }, [{ investmentId: "a", amount: 200, outstandingPrincipal: 100, taxRatePpm: 0 }], 0)).toThrow(RangeError);
  });
});
