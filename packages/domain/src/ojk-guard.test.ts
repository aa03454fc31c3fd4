import { describe, expect, it } from "vitest";
import { checkOffer, dailyRateCap, lateFeeCap, maxLateFeeTotal, offerRate } from "./ojk-guard.ts";

describe("dailyRateCap", () => {
  it("consumptive: 0.3 % for every tenor until 2024-12-31", () => {
    expect(dailyRateCap("consumptive", 6, "2024-12-31")).toBe(3000);
    expect(dailyRateCap("consumptive", 7, "2024-12-31")).toBe(3000);
    expect(dailyRateCap("consumptive", 12, "2019-05-01")).toBe(3000);
  });

  it("consumptive from 2025-01-01: ≤ 6 months 0.3 %, longer 0.2 %", () => {
    expect(dailyRateCap("consumptive", 1, "2025-01-01")).toBe(3000);
    expect(dailyRateCap("consumptive", 6, "2025-01-01")).toBe(3000);
    expect(dailyRateCap("consumptive", 7, "2025-01-01")).toBe(2000);
    expect(dailyRateCap("consumptive", 12, "2026-11-22")).toBe(2000);
  });

  it("productive: 0.1 % before 2025 whatever the segment", () => {
    expect(dailyRateCap("productive", 3, "2024-12-31")).toBe(1000);
    expect(dailyRateCap("productive", 3, "2024-12-31", "micro")).toBe(1000);
    expect(dailyRateCap("productive", 12, "2024-01-01", "micro")).toBe(1000);
  });

  it("productive from 2025-01-01: micro ≤ 6 months 0.275 %, otherwise 0.1 %", () => {
    expect(dailyRateCap("productive", 6, "2025-01-01", "micro")).toBe(2750);
    expect(dailyRateCap("productive", 7, "2025-01-01", "micro")).toBe(1000);
    expect(dailyRateCap("productive", 6, "2025-01-01", "small_medium")).toBe(1000);
    expect(dailyRateCap("productive", 12, "2026-06-01", "small_medium")).toBe(1000);
    expect(dailyRateCap("productive", 3, "2026-06-01", "micro")).toBe(2750);
  });

  it("treats an unsegmented productive loan as small/medium (the stricter cap)", () => {
    expect(dailyRateCap("productive", 3, "2025-06-01")).toBe(1000);
  });

  it("refuses a bad date or term", () => {
    expect(() => dailyRateCap("consumptive", 6, "2025-02-30")).toThrow(RangeError);
    expect(() => dailyRateCap("consumptive", 0, "2025-01-01")).toThrow(RangeError);
  });
});

describe("lateFeeCap", () => {
  it("consumptive: 0.3 % in 2024, 0.2 % in 2025, 0.1 % from 2026", () => {
    expect(lateFeeCap("consumptive", 6, "2024-12-31")).toBe(3000);
    expect(lateFeeCap("consumptive", 6, "2025-01-01")).toBe(2000);
    expect(lateFeeCap("consumptive", 12, "2025-12-31")).toBe(2000);
    expect(lateFeeCap("consumptive", 6, "2026-01-01")).toBe(1000);
  });

  it("productive: 0.1 % until 2025, 0.067 % from 2026", () => {
    expect(lateFeeCap("productive", 3, "2025-12-31", "micro")).toBe(1000);
    expect(lateFeeCap("productive", 3, "2026-01-01", "micro")).toBe(670);
    expect(lateFeeCap("productive", 12, "2026-01-01")).toBe(670);
  });

  it("never exceeds the daily rate cap", () => {
    for (const date of ["2024-06-01", "2025-06-01", "2026-06-01"]) {
      for (let term = 1; term <= 12; term += 1) {
        expect(lateFeeCap("consumptive", term, date)).toBeLessThanOrEqual(dailyRateCap("consumptive", term, date));
        expect(lateFeeCap("productive", term, date, "micro")).toBeLessThanOrEqual(
          dailyRateCap("productive", term, date, "micro"),
        );
      }
    }
  });
});

describe("offerRate", () => {
  it("is the product rate lowered to the cap", () => {
    expect(offerRate("consumptive", 7, 3000, "2025-01-01")).toBe(2000);
    expect(offerRate("consumptive", 7, 3000, "2024-12-31")).toBe(3000);
    expect(offerRate("consumptive", 7, 1500, "2025-01-01")).toBe(1500);
    expect(offerRate("productive", 3, 3000, "2025-01-01", "micro")).toBe(2750);
    expect(offerRate("productive", 3, 3000, "2025-01-01")).toBe(1000);
  });
});

describe("maxLateFeeTotal", () => {
  it("is what is left under 100 % of principal", () => {
    expect(maxLateFeeTotal(1000000, 540000)).toBe(460000);
    expect(maxLateFeeTotal(1000000, 1000000)).toBe(0);
    expect(maxLateFeeTotal(1000000, 1200000)).toBe(0);
    expect(() => maxLateFeeTotal(1000000.5, 0)).toThrow(RangeError);
  });
});

describe("checkOffer", () => {
  it("accepts the advertised 0.3 %/day on a 6-month consumptive loan", () => {
    expect(
      checkOffer({ loanType: "consumptive", principal: 5000000, dailyRatePpm: 3000, termMonths: 6, onDate: "2025-06-01" }),
    ).toEqual({ ok: true });
  });

  it("refuses 0.3 %/day over 7 months from 2025, but not on 2024-12-31", () => {
    const offer = { loanType: "consumptive", principal: 5000000, dailyRatePpm: 3000, termMonths: 7 } as const;
    expect(checkOffer({ ...offer, onDate: "2025-01-01" })).toEqual({
      ok: false,
      reasons: ["Bunga 0,3%/hari melebihi batas maksimum OJK 0,2%/hari."],
    });
    expect(checkOffer({ ...offer, onDate: "2024-12-31" })).toEqual({ ok: true });
  });

  it("refuses productive pricing above 0.1 %/day for small/medium businesses", () => {
    expect(
      checkOffer({ loanType: "productive", principal: 10000000, dailyRatePpm: 1500, termMonths: 3, onDate: "2025-03-01" }),
    ).toEqual({ ok: false, reasons: ["Bunga 0,15%/hari melebihi batas maksimum OJK 0,1%/hari."] });
    expect(
      checkOffer({
        loanType: "productive",
        segment: "micro",
        principal: 10000000,
        dailyRatePpm: 1500,
        termMonths: 3,
        onDate: "2025-03-01",
      }),
    ).toEqual({ ok: true });
  });

  it("counts fees in the economic benefit", () => {
    expect(
      checkOffer({
        loanType: "consumptive",
        principal: 1000000,
        dailyRatePpm: 3000,
        termMonths: 6,
        feesTotal: 1,
        onDate: "2025-06-01",
      }),
    ).toEqual({
      ok: false,
      reasons: [
        "Bunga dan biaya Rp 540.001 melebihi batas maksimum manfaat ekonomi OJK Rp 540.000 (0,3%/hari selama 180 hari).",
      ],
    });
    expect(
      checkOffer({
        loanType: "consumptive",
        principal: 1000000,
        dailyRatePpm: 2500,
        termMonths: 6,
        feesTotal: 90000,
        onDate: "2025-06-01",
      }),
    ).toEqual({ ok: true });
  });

  it("holds total cost to 100 % of principal", () => {
    // 2024: 0.3 %/day is allowed for 12 months, but 360 days of it is 108 % of principal.
    expect(
      checkOffer({ loanType: "consumptive", principal: 1000000, dailyRatePpm: 3000, termMonths: 12, onDate: "2024-06-01" }),
    ).toEqual({
      ok: false,
      reasons: ["Total biaya Rp 1.080.000 melebihi 100% dari pokok pinjaman Rp 1.000.000."],
    });
    const base = { loanType: "consumptive", principal: 1000000, dailyRatePpm: 2500, termMonths: 12, onDate: "2024-06-01" } as const;
    expect(checkOffer({ ...base, feesTotal: 100000 })).toEqual({ ok: true }); // exactly 100 %
    expect(checkOffer({ ...base, feesTotal: 100001 })).toEqual({
      ok: false,
      reasons: ["Total biaya Rp 1.000.001 melebihi 100% dari pokok pinjaman Rp 1.000.000."],
    });
  });

  it("reports every broken rule", () => {
    expect(
      checkOffer({ loanType: "consumptive", principal: 1000000, dailyRatePpm: 3000, termMonths: 12, onDate: "2025-01-01" }),
    ).toEqual({
      ok: false,
      reasons: [
        "Bunga 0,3%/hari melebihi batas maksimum OJK 0,2%/hari.",
        "Total biaya Rp 1.080.000 melebihi 100% dari pokok pinjaman Rp 1.000.000.",
      ],
    });
  });

  it("refuses invalid numbers", () => {
    const invalid = {
      ok: false,
      reasons: [
        "Data penawaran tidak valid: pokok, bunga, tenor dan biaya harus berupa bilangan bulat yang wajar.",
      ],
    };
    const offer = { loanType: "consumptive", principal: 1000000, dailyRatePpm: 3000, termMonths: 6, onDate: "2025-01-01" } as const;
    expect(checkOffer({ ...offer, principal: 0 })).toEqual(invalid);
    expect(checkOffer({ ...offer, principal: 1000000.5 })).toEqual(invalid);
    expect(checkOffer({ ...offer, dailyRatePpm: 0.3 })).toEqual(invalid);
    expect(checkOffer({ ...offer, termMonths: 0 })).toEqual(invalid);
    expect(checkOffer({ ...offer, feesTotal: -1 })).toEqual(invalid);
    expect(checkOffer({ ...offer, onDate: "01-01-2025" })).toEqual(invalid);
    expect(checkOffer({ ...offer, principal: Number.MAX_SAFE_INTEGER, dailyRatePpm: 1_000_000 })).toEqual(invalid);
  });
});
