import { describe, expect, it } from "vitest";
import { LOAN_SETTINGS } from "./loan-settings.ts";
import {
  checkProductPricing,
  upfrontFee,
  type ProductPricing,
} from "./product-pricing.ts";

const SPL: ProductPricing = {
  ...LOAN_SETTINGS,
  daily_rate_ppm: 3000,
  upfront_fee_ppm: 0,
  active: true,
};
const ON = "2026-11-24";

describe("checkProductPricing", () => {
  it("accepts the seeded products: a long tenor is offered at its own lower cap", () => {
    expect(checkProductPricing("consumptive", SPL, ON)).toEqual({});
    expect(
      checkProductPricing("productive", { ...SPL, daily_rate_ppm: 1000 }, ON),
    ).toEqual({});
  });

  it("refuses a rate above the highest cap of the product's tenors", () => {
    expect(
      checkProductPricing("consumptive", { ...SPL, daily_rate_ppm: 3001 }, ON),
    ).toEqual({
      daily_rate_ppm: [
        "Bunga 0,3001%/hari melebihi batas maksimum OJK 0,3%/hari.",
      ],
    });
    // Only tenors above 6 months: their cap is 0.2 %/day.
    expect(
      checkProductPricing(
        "consumptive",
        { ...SPL, min_term: 7, default_term: 7, daily_rate_ppm: 2500 },
        ON,
      ).daily_rate_ppm,
    ).toEqual(["Bunga 0,25%/hari melebihi batas maksimum OJK 0,2%/hari."]);
  });

  it("counts the fee as economic benefit for every tenor", () => {
    // 0.25 %/day for 30 days is 7.5 %; the 0.3 % cap over the shortest month (28 days) is 8.4 %:
    // a 0.9 % fee fits, 1 % does not (decision 0003).
    const short = {
      ...SPL,
      daily_rate_ppm: 2500,
      max_term: 6,
      default_term: 6,
    };
    expect(
      checkProductPricing(
        "consumptive",
        { ...short, upfront_fee_ppm: 9_000 },
        ON,
      ),
    ).toEqual({});
    expect(
      checkProductPricing(
        "consumptive",
        { ...short, upfront_fee_ppm: 10_000 },
        ON,
      ).upfront_fee_ppm?.[0],
    ).toMatch(/^Tenor 1 bulan melanggar batas OJK/);
    // From 7 months the rate is lowered to 0.1866 %/day (the 0.2 % cap fitted to 28-day months):
    // 7 × 30 days of it is 39.186 %, the cap over 212 days (the fewest 7 months span) 42.4 %.
    const long = { ...SPL, daily_rate_ppm: 2000, min_term: 7, default_term: 7 };
    expect(checkProductPricing("consumptive", { ...long, upfront_fee_ppm: 32_000 }, ON)).toEqual({});
    expect(
      checkProductPricing("consumptive", { ...long, upfront_fee_ppm: 33_000 }, ON).upfront_fee_ppm?.[0],
    ).toMatch(/^Tenor 7 bulan/);
  });

  it("checks whole numbers, order and grid, one message per field", () => {
    expect(
      checkProductPricing(
        "consumptive",
        { ...SPL, amount_step: 0.5, max_term: 61 },
        ON,
      ),
    ).toEqual({
      amount_step: ["Harus bilangan bulat."],
      max_term: ["Harus antara 1 dan 60."],
    });
    // Rates are typed as percent in the back office, so their limits are told as percent.
    expect(
      checkProductPricing(
        "consumptive",
        { ...SPL, daily_rate_ppm: 0, upfront_fee_ppm: 1_000_000 },
        ON,
      ),
    ).toEqual({
      daily_rate_ppm: ["Harus antara 0,0001% dan 100%."],
      upfront_fee_ppm: ["Harus antara 0% dan 99,9999%."],
    });
    expect(
      checkProductPricing("consumptive", { ...SPL, amount_step: 700_000 }, ON),
    ).toEqual({
      amount_step: [
        "Selisih jumlah maksimum dan minimum harus kelipatan Rp 700.000.",
      ],
    });
    expect(
      checkProductPricing(
        "consumptive",
        { ...SPL, min_term: 6, max_term: 3, default_term: 3 },
        ON,
      ),
    ).toEqual({
      max_term: ["Tidak boleh di bawah tenor minimum 6 bulan."],
      default_term: ["Nilai awal harus di dalam batas dan pada kelipatannya."],
    });
  });

  it("rounds the fee down like the disbursal split", () => {
    expect(upfrontFee(3_000_001, 15_000)).toBe(45_000);
  });
});
