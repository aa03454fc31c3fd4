import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths } from "./dates.ts";
import { amountDueNow, invoiceOutstanding, invoiceSchedule, invoiceState, type InvoiceAmounts } from "./invoices.ts";
import { flatInterest } from "./schedule.ts";

const terms = fc.record({
  principal: fc.integer({ min: 1, max: 2_000_000_000_000 }),
  dailyRatePpm: fc.integer({ min: 0, max: 3000 }),
  termMonths: fc.integer({ min: 1, max: 60 }),
});
const effectiveOn = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("invoiceSchedule (the split of decision 0012)", () => {
  it("splits 2 000 000 over 4 months at 0.1 %/day as the offer does, remainders in the last", () => {
    // Interest = 2 000 000 × 1000 × 120 / 1 000 000 = 240 000.
    expect(invoiceSchedule({ principal: 2_000_003, dailyRatePpm: 1000, termMonths: 4 }, "2026-01-31")).toEqual([
      { number: 1, dueDate: "2026-02-28", principal: 500_000, interest: 60_000, amount: 560_000 },
      { number: 2, dueDate: "2026-03-31", principal: 500_000, interest: 60_000, amount: 560_000 },
      { number: 3, dueDate: "2026-04-30", principal: 500_000, interest: 60_000, amount: 560_000 },
      { number: 4, dueDate: "2026-05-31", principal: 500_003, interest: 60_000, amount: 560_003 },
    ]);
  });

  it("sums exactly to principal + interest, part by part, with the remainder only in the last", () => {
    fc.assert(
      fc.property(terms, effectiveOn, (loan, start) => {
        const interest = flatInterest(loan.principal, loan.dailyRatePpm, loan.termMonths);
        const invoices = invoiceSchedule(loan, start);
        expect(invoices).toHaveLength(loan.termMonths);
        expect(invoices.reduce((s, i) => s + i.principal, 0)).toBe(loan.principal);
        expect(invoices.reduce((s, i) => s + i.interest, 0)).toBe(interest);
        expect(invoices.reduce((s, i) => s + i.amount, 0)).toBe(loan.principal + interest);
        const first = invoices[0]!;
        const last = invoices[invoices.length - 1]!;
        invoices.forEach((i, index) => {
          expect(i.number).toBe(index + 1);
          expect(i.amount).toBe(i.principal + i.interest);
          expect(Number.isSafeInteger(i.principal) && Number.isSafeInteger(i.interest)).toBe(true);
          expect(i.dueDate).toBe(addMonths(start, index + 1));
          if (i !== last) expect([i.principal, i.interest]).toEqual([first.principal, first.interest]);
        });
        expect(first.principal).toBe(Math.floor(loan.principal / loan.termMonths));
        expect(last.principal - first.principal).toBe(loan.principal % loan.termMonths);
        expect(last.interest - first.interest).toBe(interest % loan.termMonths);
      }),
      { numRuns: 500 },
    );
  });

  it("due dates only increase", () => {
    fc.assert(
      fc.property(terms, effectiveOn, (loan, start) => {
        const dates = invoiceSchedule(loan, start).map((i) => i.dueDate);
        expect(dates.every((d, k) => k === 0 || dates[k - 1]! < d)).toBe(true);
        expect(dates[0]! > start).toBe(true);
      }),
    );
  });
});

describe("amountDueNow", () => {
  const invoice = (dueOn: string, paid: Partial<InvoiceAmounts> = {}): InvoiceAmounts => ({
    dueOn,
    principal: 500_000,
    interest: 60_000,
    lateFee: 0,
    paidPrincipal: 0,
    paidInterest: 0,
    paidLateFee: 0,
    ...paid,
  });
  const book = [invoice("2026-02-28", { paidInterest: 60_000, paidPrincipal: 100_000 }), invoice("2026-03-31"), invoice("2026-04-30")];

  it("owes nothing before the first due date, the invoice on its day, both after the second", () => {
    expect(amountDueNow(book, "2026-02-27")).toBe(0);
    expect(amountDueNow(book, "2026-02-28")).toBe(400_000);
    expect(amountDueNow(book, "2026-03-30")).toBe(400_000);
    expect(amountDueNow(book, "2026-03-31")).toBe(960_000);
    expect(amountDueNow(book, "2026-12-31")).toBe(1_520_000);
  });

  it("counts recorded late fees less what was paid of them", () => {
    expect(invoiceOutstanding(invoice("2026-02-28", { lateFee: 9_000, paidLateFee: 4_000 }))).toBe(565_000);
  });
});

describe("invoiceState", () => {
  it("is paid once paid, late from the day after its due date while open, open before", () => {
    expect(invoiceState({ status: "paid", dueOn: "2026-02-28" }, "2026-05-01")).toBe("paid");
    expect(invoiceState({ status: "open", dueOn: "2026-02-28" }, "2026-02-28")).toBe("open");
    expect(invoiceState({ status: "open", dueOn: "2026-02-28" }, "2026-03-01")).toBe("late");
  });
});
