import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysBetween } from "./dates.ts";
import {
  checkOffer,
  dailyRateCap,
  lateFeeCap,
  maxLateFeeTotal,
  offerRate,
  periodsOverCap,
  scheduleRateCap,
  SHORTEST_MONTH_DAYS,
  shortestTermDays,
} from "./ojk-guard.ts";
import { buildSchedule } from "./schedule.ts";

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
  it("is the product rate lowered to the cap fitted to the shortest period: floor(cap × 28 / 30)", () => {
    expect(offerRate("consumptive", 6, 3000, "2025-01-01")).toBe(2800);
    expect(offerRate("consumptive", 7, 3000, "2025-01-01")).toBe(1866);
    expect(offerRate("consumptive", 7, 3000, "2024-12-31")).toBe(2800);
    expect(offerRate("consumptive", 7, 1500, "2025-01-01")).toBe(1500);
    expect(offerRate("productive", 3, 3000, "2025-01-01", "micro")).toBe(2566);
    expect(offerRate("productive", 3, 3000, "2025-01-01")).toBe(933);
    expect(scheduleRateCap("consumptive", 12, "2026-11-22")).toBe(1866);
  });
});

describe("calendar periods", () => {
  it("a month between due dates is never shorter than SHORTEST_MONTH_DAYS, and shortestTermDays is the fewest days a tenor spans", () => {
    for (const year of [2027, 2028]) {
      for (let day = 0; day < 366; day += 1) {
        const start = addDays(`${year}-01-01`, day);
        for (let term = 1; term <= 12; term += 1) {
          expect(daysBetween(addMonths(start, term - 1), addMonths(start, term))).toBeGreaterThanOrEqual(SHORTEST_MONTH_DAYS);
          expect(daysBetween(start, addMonths(start, term))).toBeGreaterThanOrEqual(shortestTermDays(term));
        }
      }
    }
    expect(daysBetween("2027-02-08", "2027-03-08")).toBe(SHORTEST_MONTH_DAYS);
    expect([1, 2, 3, 6, 12].map(shortestTermDays)).toEqual([28, 59, 89, 181, 365]);
  });

  it("finds the issue's example over the cap on its actual days, and the offered rate under it", () => {
    // Rp 500.000 for one month from 8 February: 28 days. 30 days at 0.3 % bill Rp 45.000; Rp 42.000 is allowed.
    const at = (dailyRatePpm: number) => buildSchedule({ principal: 500_000, dailyRatePpm, termMonths: 1, startDate: "2027-02-08" });
    expect(periodsOverCap(at(3000), 3000)).toEqual([{ number: 1, days: 28, interest: 45_000, max: 42_000 }]);
    const offered = at(offerRate("consumptive", 1, 3000, "2027-02-01"));
    expect(offered.totalInterest).toBe(42_000);
    expect(periodsOverCap(offered, 3000)).toEqual([]);
    // Two and three months across February: the February period is the one over.
    const spanning = buildSchedule({ principal: 500_000, dailyRatePpm: 3000, termMonths: 3, startDate: "2027-01-08" });
    expect(periodsOverCap(spanning, 3000).map((p) => [p.number, p.days])).toEqual([[2, 28]]);
  });

  it("every start day of a year × every term 1–12 × every product type at its maximum rate: zero periods over the cap", () => {
    const products = [
      { loanType: "consumptive", segment: "small_medium" },
      { loanType: "productive", segment: "micro" },
      { loanType: "productive", segment: "small_medium" },
    ] as const;
    let periods = 0;
    for (const onDate of ["2024-06-01", "2026-06-01"]) {
      const year = Number(onDate.slice(0, 4));
      for (const { loanType, segment } of products) {
        // The highest rate a product may have: the cap of its shortest tenor (checkProductPricing).
        const productRate = dailyRateCap(loanType, 1, onDate, segment);
        for (let term = 1; term <= 12; term += 1) {
          const cap = dailyRateCap(loanType, term, onDate, segment);
          const rate = offerRate(loanType, term, productRate, onDate, segment);
          const principal = 20_000_000 + term; // a remainder in the principal split
          // The guard accepts it for any start date; only the 100 % rule may refuse a long tenor of 2024.
          const verdict = checkOffer({ loanType, segment, principal, dailyRatePpm: rate, termMonths: term, onDate });
          if (!verdict.ok) expect(verdict.reasons).toEqual([expect.stringMatching(/^Total biaya/)]);
          for (let day = 0; day < 366; day += 1) {
            const startDate = addDays(`${year}-01-01`, day);
            const schedule = buildSchedule({ principal, dailyRatePpm: rate, termMonths: term, startDate });
            expect(periodsOverCap(schedule, cap)).toEqual([]);
            const days = daysBetween(startDate, schedule.instalments.at(-1)!.dueDate);
            expect(schedule.totalInterest * 1_000_000).toBeLessThanOrEqual(principal * cap * days);
            periods += term;
          }
        }
      }
    }
    expect(periods).toBe(2 * 3 * 366 * 78);
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
  it("accepts the advertised 0.3 %/day cap as 0.28 %/day of 30-day months on a 6-month consumptive loan", () => {
    const offer = { loanType: "consumptive", principal: 5000000, termMonths: 6, onDate: "2025-06-01" } as const;
    expect(checkOffer({ ...offer, dailyRatePpm: 2800 })).toEqual({ ok: true });
    // 30 days at 0.3 % billed for a 28-day February: 450,000 where 420,000 is allowed.
    expect(checkOffer({ ...offer, dailyRatePpm: 3000 })).toEqual({
      ok: false,
      reasons: ["Bunga per cicilan Rp 450.000 melebihi batas maksimum OJK Rp 420.000 (0,3%/hari selama periode terpendek 28 hari)."],
    });
  });

  it("refuses 0.28 %/day over 7 months from 2025, but not on 2024-12-31", () => {
    const offer = { loanType: "consumptive", principal: 5000000, dailyRatePpm: 2800, termMonths: 7 } as const;
    expect(checkOffer({ ...offer, onDate: "2025-01-01" })).toEqual({
      ok: false,
      reasons: ["Bunga 0,28%/hari melebihi batas maksimum OJK 0,2%/hari."],
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

  it("counts fees in the economic benefit over the shortest span of the tenor", () => {
    // 6 × 84,000 of interest; six months span 181 days at the fewest (1 September → 1 March).
    const offer = { loanType: "consumptive", principal: 1000000, dailyRatePpm: 2800, termMonths: 6, onDate: "2025-06-01" } as const;
    expect(checkOffer({ ...offer, feesTotal: 39000 })).toEqual({ ok: true });
    expect(checkOffer({ ...offer, feesTotal: 39001 })).toEqual({
      ok: false,
      reasons: [
        "Bunga dan biaya Rp 543.001 melebihi batas maksimum manfaat ekonomi OJK Rp 543.000 (0,3%/hari selama tenor terpendek 181 hari).",
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
    // 2024: 0.3 %/day is allowed for 12 months, but 12 months of 0.28 %/day is 100.8 % of principal.
    expect(
      checkOffer({ loanType: "consumptive", principal: 1000000, dailyRatePpm: 2800, termMonths: 12, onDate: "2024-06-01" }),
    ).toEqual({
      ok: false,
      reasons: ["Total biaya Rp 1.008.000 melebihi 100% dari pokok pinjaman Rp 1.000.000."],
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
