import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { invoiceOutstanding, invoiceSchedule } from "./invoices.ts";
import { payoffAmount, payoffToTransfer, waiveInterest, type PayoffLoan } from "./payoff.ts";
import { allocatePayment, applyAllocation, type InvoiceToAllocate } from "./repayment-allocation.ts";

function stored(loan: PayoffLoan): InvoiceToAllocate[] {
  return invoiceSchedule(loan, loan.effectiveOn).map((i) => ({
    number: i.number,
    dueOn: i.dueDate,
    principal: i.principal,
    interest: i.interest,
    lateFee: 0,
    paidPrincipal: 0,
    paidInterest: 0,
    paidLateFee: 0,
  }));
}

// 2 000 000 over 4 months at 0.3 %/day from 1 Jan 2026: interest 6 000/day, 180 000 per invoice.
const loan: PayoffLoan = { principal: 2_000_000, dailyRatePpm: 3000, termMonths: 4, effectiveOn: "2026-01-01" };

describe("payoffAmount", () => {
  it("charges interest for the days elapsed, nothing of the rest of the schedule", () => {
    // 10 days: 60 000 interest.
    expect(payoffAmount(loan, stored(loan), "2026-01-11")).toEqual({
      principal: 2_000_000,
      interest: 60_000,
      lateFee: 0,
      total: 2_060_000,
      waivedInterest: 660_000,
    });
  });

  it("keeps billed interest owed, deducts what was paid, adds unpaid late fees", () => {
    const invoices = stored(loan);
    // Invoice 1 (due 1 Feb) paid in full; invoice 2 (due 1 Mar) unpaid with 1 360 late fee.
    invoices[0] = { ...invoices[0]!, paidPrincipal: 500_000, paidInterest: 180_000 };
    invoices[1] = { ...invoices[1]!, lateFee: 1_360 };
    // 3 Mar: 61 days → 366 000 accrued, above the 360 000 billed; 180 000 paid.
    expect(payoffAmount(loan, invoices, "2026-03-03")).toEqual({
      principal: 1_500_000,
      interest: 186_000,
      lateFee: 1_360,
      total: 1_687_360,
      waivedInterest: 354_000,
    });
    // 28 Feb: 58 days → 348 000 accrued, but invoice 1 billed 180 000 only; interest owed 168 000.
    expect(payoffAmount(loan, invoices, "2026-02-28").interest).toBe(168_000);
  });

  it("bills at least the interest of the invoices due (February is shorter than 30 days)", () => {
    // 1 Mar: 59 days → 354 000, but invoices 1 and 2 billed 360 000.
    expect(payoffAmount(loan, stored(loan), "2026-03-01").interest).toBe(360_000);
  });

  it("before the effective date charges no interest; after the term the whole schedule", () => {
    expect(payoffAmount(loan, stored(loan), "2025-12-31").interest).toBe(0);
    expect(payoffAmount(loan, stored(loan), "2026-12-31")).toMatchObject({ interest: 720_000, waivedInterest: 0, total: 2_720_000 });
  });

  it("never exceeds the remaining schedule, and paying it leaves nothing outstanding", () => {
    fc.assert(
      fc.property(
        fc.record({
          principal: fc.integer({ min: 500_000, max: 20_000_000 }),
          dailyRatePpm: fc.integer({ min: 0, max: 3000 }),
          termMonths: fc.integer({ min: 1, max: 12 }),
        }),
        fc.integer({ min: -10, max: 400 }),
        fc.integer({ min: 0, max: 30_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (terms, daysAfter, paidBefore, lateFee) => {
          const l: PayoffLoan = { ...terms, effectiveOn: "2026-01-31" };
          const today = addDays(l.effectiveOn, daysAfter);
          let invoices = stored(l);
          invoices[0] = { ...invoices[0]!, lateFee };
          invoices = applyAllocation(invoices, allocatePayment(invoices, paidBefore));
          const remaining = invoices.reduce((s, i) => s + invoiceOutstanding(i), 0);

          const payoff = payoffAmount(l, invoices, today);
          expect(payoff.interest).toBeGreaterThanOrEqual(0);
          expect(payoff.total).toBe(payoff.principal + payoff.interest + payoff.lateFee);
          expect(payoff.total).toBeLessThanOrEqual(remaining);

          const due = waiveInterest(invoices, payoff.waivedInterest);
          const allocation = allocatePayment(due, payoff.total);
          expect(allocation.credit).toBe(0);
          expect(applyAllocation(due, allocation).every((i) => invoiceOutstanding(i) === 0)).toBe(true);
        },
      ),
    );
  });
});

describe("payoffAmount input", () => {
  it("refuses bad dates and non-integer terms", () => {
    expect(() => payoffAmount(loan, [], "2026-02-30")).toThrow(RangeError);
    expect(() => payoffAmount({ ...loan, principal: 1.5 }, [], "2026-02-01")).toThrow(RangeError);
    expect(() => payoffAmount({ ...loan, dailyRatePpm: -1 }, [], "2026-02-01")).toThrow(RangeError);
    expect(() => payoffAmount({ ...loan, effectiveOn: "1 Jan" }, [], "2026-02-01")).toThrow(RangeError);
  });
});

describe("waiveInterest", () => {
  it("takes the waived interest off the newest invoices' unpaid interest first", () => {
    const waived = waiveInterest(stored(loan), 200_000);
    expect(waived.map((i) => i.interest)).toEqual([180_000, 180_000, 160_000, 0]);
    expect(() => waiveInterest(stored(loan), 720_001)).toThrow(RangeError);
  });
});

describe("payoffToTransfer", () => {
  it("takes the borrower's credit off the payoff, never below 0, and refuses a non-rupiah credit", () => {
    expect(payoffToTransfer({ total: 1_500_000 }, 40_000)).toBe(1_460_000);
    expect(payoffToTransfer({ total: 1_500_000 }, 0)).toBe(1_500_000);
    expect(payoffToTransfer({ total: 30_000 }, 40_000)).toBe(0);
    expect(() => payoffToTransfer({ total: 30_000 }, 0.5)).toThrow(RangeError);
  });
});
