import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceOutstanding } from "./invoices.ts";
import { allocatePayment, applyAllocation, byOldest, type InvoiceToAllocate } from "./repayment-allocation.ts";

function invoice(number: number, dueOn: string, parts: Partial<InvoiceToAllocate> = {}): InvoiceToAllocate {
  return { number, dueOn, principal: 500_000, interest: 60_000, lateFee: 0, paidPrincipal: 0, paidInterest: 0, paidLateFee: 0, ...parts };
}

/** An invoice with random parts and random paid amounts not above them. */
const arbitraryInvoice = (number: number) =>
  fc
    .record({
      day: fc.integer({ min: 1, max: 28 }),
      principal: fc.integer({ min: 0, max: 50_000_000 }),
      interest: fc.integer({ min: 0, max: 5_000_000 }),
      lateFee: fc.integer({ min: 0, max: 1_000_000 }),
      paidShare: fc.tuple(fc.nat(100), fc.nat(100), fc.nat(100)),
    })
    .map(({ day, principal, interest, lateFee, paidShare: [p, i, l] }) =>
      invoice(number, `2026-${String(((number - 1) % 12) + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`, {
        principal,
        interest,
        lateFee,
        paidPrincipal: Math.floor((principal * p) / 100),
        paidInterest: Math.floor((interest * i) / 100),
        paidLateFee: Math.floor((lateFee * l) / 100),
      }),
    );
const arbitraryInvoices = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => arbitraryInvoice(k + 1))));

describe("allocatePayment", () => {
  it("pays late fee, interest, principal of the oldest invoice before the next one, the rest as credit", () => {
    const invoices = [
      invoice(2, "2026-03-31", { lateFee: 1_000 }),
      invoice(1, "2026-02-28", { lateFee: 11_200, paidInterest: 10_000 }),
    ];
    expect(allocatePayment(invoices, 600_000)).toEqual({
      invoices: [
        { number: 1, lateFee: 11_200, interest: 50_000, principal: 500_000 },
        { number: 2, lateFee: 1_000, interest: 37_800, principal: 0 },
      ],
      credit: 0,
    });
    expect(allocatePayment(invoices, 1_200_000)).toEqual({
      invoices: [
        { number: 1, lateFee: 11_200, interest: 50_000, principal: 500_000 },
        { number: 2, lateFee: 1_000, interest: 60_000, principal: 500_000 },
      ],
      credit: 77_800,
    });
  });

  it("skips paid invoices and takes everything as credit when nothing is owed", () => {
    const paid = invoice(1, "2026-02-28", { paidPrincipal: 500_000, paidInterest: 60_000 });
    expect(allocatePayment([paid], 5_000)).toEqual({ invoices: [], credit: 5_000 });
    expect(allocatePayment([], 0)).toEqual({ invoices: [], credit: 0 });
  });

  it("refuses non-integer amounts and paid above owed", () => {
    expect(() => allocatePayment([], 1.5)).toThrow(RangeError);
    expect(() => allocatePayment([], -1)).toThrow(RangeError);
    expect(() => allocatePayment([invoice(1, "2026-02-28", { paidInterest: 60_001 })], 1)).toThrow(RangeError);
  });

  it("accounts for every rupiah, never pays above what is owed, and respects the order", () => {
    fc.assert(
      fc.property(arbitraryInvoices, fc.integer({ min: 0, max: 700_000_000 }), (invoices, amount) => {
        const { invoices: parts, credit } = allocatePayment(invoices, amount);
        const paid = parts.reduce((s, p) => s + p.lateFee + p.interest + p.principal, 0);
        expect(paid + credit).toBe(amount);
        const owed = invoices.reduce((s, i) => s + invoiceOutstanding(i), 0);
        expect(credit).toBe(Math.max(0, amount - owed));

        const sorted = [...invoices].sort(byOldest);
        const after = applyAllocation(invoices, { invoices: parts, credit });
        const afterByNumber = new Map(after.map((i) => [i.number, i]));
        let seenUnpaid = false; // once a part stays unpaid, nothing later may be paid
        for (const before of sorted) {
          const a = afterByNumber.get(before.number)!;
          for (const [owedPart, paidBefore, paidAfter] of [
            [a.lateFee, before.paidLateFee, a.paidLateFee],
            [a.interest, before.paidInterest, a.paidInterest],
            [a.principal, before.paidPrincipal, a.paidPrincipal],
          ] as const) {
            expect(paidAfter).toBeGreaterThanOrEqual(paidBefore);
            expect(paidAfter).toBeLessThanOrEqual(owedPart);
            if (seenUnpaid) expect(paidAfter).toBe(paidBefore);
            if (paidAfter < owedPart) seenUnpaid = true;
          }
        }
        if (credit > 0) expect(after.every((i) => invoiceOutstanding(i) === 0)).toBe(true);
      }),
    );
  });
});
