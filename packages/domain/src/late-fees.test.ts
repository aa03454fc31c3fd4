import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { accrueLateFees, isLateOn, lateFeeForDay, lateFeeForDays, type LateFeeLoan } from "./late-fees.ts";
import { invoiceSchedule } from "./invoices.ts";
import { lateFeeCap, offerRate } from "./ojk-guard.ts";
import { flatInterest } from "./schedule.ts";
import type { InvoiceToAllocate } from "./repayment-allocation.ts";

// 2 000 000 over 4 months at 0.3 %/day: interest 720 000.
const consumer: LateFeeLoan = { loanType: "consumptive", termMonths: 4, principal: 2_000_000, benefitTotal: 720_000 };

function invoice(number: number, dueOn: string, parts: Partial<InvoiceToAllocate> = {}): InvoiceToAllocate {
  return { number, dueOn, principal: 500_000, interest: 180_000, lateFee: 0, paidPrincipal: 0, paidInterest: 0, paidLateFee: 0, ...parts };
}

describe("isLateOn", () => {
  it("is late from the day after the due date", () => {
    expect(isLateOn("2026-02-28", "2026-02-28")).toBe(false);
    expect(isLateOn("2026-02-28", "2026-03-01")).toBe(true);
  });
});

describe("lateFeeForDay", () => {
  it("charges the OJK late-fee cap of the day on the overdue amount, rounded down", () => {
    // 2026: consumptive 0.1 %/day → 680 000 × 1000 / 10^6 = 680.
    expect(lateFeeForDay(680_000, consumer, "2026-03-01", 0)).toBe(680);
    // 2025: 0.2 %/day → 1 360; 2024: 0.3 %/day → 2 040.
    expect(lateFeeForDay(680_000, consumer, "2025-06-01", 0)).toBe(1_360);
    expect(lateFeeForDay(680_000, consumer, "2024-06-01", 0)).toBe(2_040);
    // A product rate below the cap applies; one above is lowered to the cap.
    expect(lateFeeForDay(680_001, { ...consumer, lateFeeRatePpm: 500 }, "2026-03-01", 0)).toBe(340);
    expect(lateFeeForDay(680_000, { ...consumer, lateFeeRatePpm: 9_000 }, "2026-03-01", 0)).toBe(680);
  });

  it("stops at 100 % of the principal, interest and earlier late fees included", () => {
    // Room = 2 000 000 − 720 000 − 1 279 500 = 500.
    expect(lateFeeForDay(680_000, consumer, "2026-03-01", 1_279_500)).toBe(500);
    expect(lateFeeForDay(680_000, consumer, "2026-03-01", 1_280_000)).toBe(0);
  });
});

describe("lateFeeForDays", () => {
  it("follows the cap table across a period boundary", () => {
    // Productive small/medium: 0.1 % on 30 and 31 Dec 2025, 0.067 % from 1 Jan 2026.
    const productive: LateFeeLoan = { loanType: "productive", termMonths: 3, principal: 10_000_000, benefitTotal: 900_000 };
    expect(lateFeeForDays(1_000_000, productive, "2025-12-30", 4, 0)).toBe(1_000 + 1_000 + 670 + 670);
  });

  it("is cut to the ceiling as a whole", () => {
    const nearlyFull: LateFeeLoan = { loanType: "consumptive", termMonths: 4, principal: 1_000_000, benefitTotal: 999_000 };
    expect(lateFeeForDays(500_000, nearlyFull, "2026-03-01", 5, 0)).toBe(1_000);
  });

  it("never exceeds the daily cap per day nor the total-cost ceiling", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.constantFrom("consumptive" as const, "productive" as const),
        fc.integer({ min: 1, max: 12 }),
        (principal, benefitPercent, days, startOffset, loanType, termMonths) => {
          const loan: LateFeeLoan = { loanType, termMonths, principal, benefitTotal: Math.floor((principal * benefitPercent) / 100) };
          const first = addDays("2024-01-01", startOffset);
          const total = lateFeeForDays(principal, loan, first, days, 0);
          expect(total).toBeGreaterThanOrEqual(0);
          expect(loan.benefitTotal + total).toBeLessThanOrEqual(principal);
          let maxPerDays = 0;
          for (let k = 0; k < days; k += 1) maxPerDays += Math.floor((principal * lateFeeCap(loanType, termMonths, addDays(first, k))) / 1_000_000);
          expect(total).toBeLessThanOrEqual(maxPerDays);
        },
      ),
    );
  });
});

describe("accrueLateFees", () => {
  it("charges each late invoice, oldest first, on its unpaid principal + interest", () => {
    const invoices = [
      invoice(2, "2026-04-01", { lateFee: 0 }),
      invoice(1, "2026-03-01", { lateFee: 5_000, paidInterest: 180_000, paidLateFee: 5_000 }),
      invoice(3, "2026-05-01"),
    ];
    // On 2 Apr: invoice 1 owes 500 000 → 500; invoice 2 (680 000) → 680; invoice 3 not late.
    expect(accrueLateFees(invoices, consumer, "2026-04-02")).toEqual([
      { number: 1, lateFee: 500 },
      { number: 2, lateFee: 680 },
    ]);
    // Room left 2 000 000 − 720 000 − 1 279 700 = 300: all to the oldest.
    const full = [invoice(1, "2026-03-01", { lateFee: 1_279_700 }), invoice(2, "2026-04-01")];
    expect(accrueLateFees(full, consumer, "2026-04-02")).toEqual([{ number: 1, lateFee: 300 }]);
  });
});

describe("accrueLateFees day after day", () => {
  it("never takes interest + late fees above the principal, nor a day's fee above the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 500_000, max: 20_000_000 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 400 }), (principal, termMonths, lateDays) => {
        const effectiveOn = "2025-10-15";
        const rate = offerRate("consumptive", termMonths, 3000, effectiveOn);
        const interest = flatInterest(principal, rate, termMonths);
        const loan: LateFeeLoan = { loanType: "consumptive", termMonths, principal, benefitTotal: interest };
        let invoices: InvoiceToAllocate[] = invoiceSchedule({ principal, dailyRatePpm: rate, termMonths }, effectiveOn).map((i) =>
          invoice(i.number, i.dueDate, { principal: i.principal, interest: i.interest }),
        );
        const firstLate = addDays(invoices[0]!.dueOn, 1);
        for (let d = 0; d < lateDays; d += 1) {
          const day = addDays(firstLate, d);
          const accruals = accrueLateFees(invoices, loan, day);
          for (const a of accruals) {
            const i = invoices.find((x) => x.number === a.number)!;
            expect(day > i.dueOn).toBe(true);
            expect(a.lateFee).toBeGreaterThan(0);
            expect(a.lateFee).toBeLessThanOrEqual(Math.floor(((i.principal + i.interest) * lateFeeCap("consumptive", termMonths, day)) / 1_000_000));
          }
          const fees = new Map(accruals.map((a) => [a.number, a.lateFee]));
          invoices = invoices.map((i) => ({ ...i, lateFee: i.lateFee + (fees.get(i.number) ?? 0) }));
        }
        expect(interest + invoices.reduce((s, i) => s + i.lateFee, 0)).toBeLessThanOrEqual(principal);
      }),
      { numRuns: 40 },
    );
  });
});
