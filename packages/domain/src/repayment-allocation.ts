import { invoiceOutstanding, type InvoiceAmounts } from "./invoices.ts";
import { isRupiah } from "./money.ts";

/**
 * Allocation of a borrower's payment to the loan's invoices (decision 0013): invoice by invoice,
 * oldest first (earliest due date, then lowest number); within an invoice late fee → interest →
 * principal. What is left after every invoice is fully paid is the borrower's credit.
 */

export interface InvoiceToAllocate extends InvoiceAmounts {
  number: number;
}

/** What one payment pays of one invoice's parts. */
export interface InvoiceAllocation {
  number: number;
  lateFee: number;
  interest: number;
  principal: number;
}

export interface PaymentAllocation {
  /** Only invoices the payment pays something of, oldest first. */
  invoices: InvoiceAllocation[];
  /** Overpayment kept as the borrower's credit. */
  credit: number;
}

function requireValidInvoice(i: InvoiceToAllocate): void {
  const parts: Array<[number, number]> = [
    [i.lateFee, i.paidLateFee],
    [i.interest, i.paidInterest],
    [i.principal, i.paidPrincipal],
  ];
  for (const [owed, paid] of parts) {
    if (!isRupiah(owed) || !isRupiah(paid) || paid > owed) {
      throw new RangeError(`Invoice ${i.number}: amounts must be integer rupiah with paid ≤ owed`);
    }
  }
}

/** Oldest first: earliest due date (yyyy-mm-dd compares as text), then lowest number. */
export function byOldest(a: InvoiceToAllocate, b: InvoiceToAllocate): number {
  if (a.dueOn !== b.dueOn) return a.dueOn < b.dueOn ? -1 : 1;
  return a.number - b.number;
}

export function allocatePayment(invoices: readonly InvoiceToAllocate[], amount: number): PaymentAllocation {
  if (!isRupiah(amount)) throw new RangeError(`amount must be integer rupiah, got ${amount}`);
  invoices.forEach(requireValidInvoice);
  let left = amount;
  const take = (owed: number): number => {
    const part = Math.min(left, owed);
    left -= part;
    return part;
  };
  const allocations: InvoiceAllocation[] = [];
  for (const invoice of [...invoices].sort(byOldest)) {
    if (left === 0) break;
    if (invoiceOutstanding(invoice) === 0) continue;
    const lateFee = take(invoice.lateFee - invoice.paidLateFee);
    const interest = take(invoice.interest - invoice.paidInterest);
    const principal = take(invoice.principal - invoice.paidPrincipal);
    allocations.push({ number: invoice.number, lateFee, interest, principal });
  }
  return { invoices: allocations, credit: left };
}

/** The invoices after an allocation is recorded (what the repayment transaction writes). */
export function applyAllocation<T extends InvoiceToAllocate>(invoices: readonly T[], allocation: PaymentAllocation): T[] {
  const byNumber = new Map(allocation.invoices.map((a) => [a.number, a]));
  return invoices.map((i) => {
    const a = byNumber.get(i.number);
    if (!a) return i;
    return {
      ...i,
      paidLateFee: i.paidLateFee + a.lateFee,
      paidInterest: i.paidInterest + a.interest,
      paidPrincipal: i.paidPrincipal + a.principal,
    };
  });
}
