import { and, asc, count, eq } from "drizzle-orm";
import type { Invoice, NewPayment, PaymentChannel } from "@pinjaman/contracts/invoices";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { amountDueNow, invoiceOutstanding } from "@pinjaman/domain/invoices";
import { payoffToTransfer } from "@pinjaman/domain/payoff";
import { channelCodeOf, type VirtualAccountChannel } from "@pinjaman/domain/virtual-accounts";
import { hasKey, t } from "@pinjaman/i18n";
import { searchConditions, searchPage, type SearchFilter } from "../identity/search-filters.ts";
import { borrowerCreditBalance, loanPosition, payoffOf } from "../repayments/loan-position.ts";
import { loanAccountNotFound, virtualAccountsOf, type StoredVirtualAccount } from "./virtual-accounts.ts";
import "@pinjaman/i18n/ns/payments";

export const INVOICES_PER_PAGE = 20;

const SEARCHABLE = {
  account_application_id: { column: schema.invoices.accountApplicationId, ops: ["equals", "in"] as const },
  account_id: { column: schema.invoices.accountId, ops: ["equals", "in"] as const },
  status: { column: schema.invoices.status, ops: ["equals", "in"] as const },
};

type InvoiceRow = typeof schema.invoices.$inferSelect;

export function invoiceView(i: InvoiceRow): Invoice {
  return {
    id: i.id,
    account_id: i.accountId,
    account_application_id: i.accountApplicationId,
    number: i.number,
    due_on: i.dueOn,
    principal: i.principal,
    interest: i.interest,
    total: i.total,
    late_fee: i.lateFee,
    paid_principal: i.paidPrincipal,
    paid_interest: i.paidInterest,
    paid_late_fee: i.paidLateFee,
    outstanding: invoiceOutstanding(i),
    status: i.status,
    paid_on: i.paidOn,
  };
}

/**
 * The caller's invoices matching the filters (spec section 7: account_application_id; also
 * account_id and status), by due date then number, a page of INVOICES_PER_PAGE. Another
 * customer's application simply matches nothing (a search, not a read by id).
 */
export async function searchInvoices(db: Db, customerId: string, filters: readonly SearchFilter[], page: number) {
  const where = and(eq(schema.accounts.customerId, customerId), ...searchConditions(filters, SEARCHABLE));
  const { rows, meta } = await searchPage(
    page,
    INVOICES_PER_PAGE,
    (limit, offset) =>
      db
        .select({ invoice: schema.invoices })
        .from(schema.invoices)
        .innerJoin(schema.accounts, eq(schema.accounts.id, schema.invoices.accountId))
        .where(where)
        .orderBy(asc(schema.invoices.dueOn), asc(schema.invoices.number), asc(schema.invoices.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(schema.invoices).innerJoin(schema.accounts, eq(schema.accounts.id, schema.invoices.accountId)).where(where),
  );
  return { data: rows.map((r) => invoiceView(r.invoice)), meta };
}

const METHODS = ["atm", "mobile_banking", "internet_banking"] as const;

/** The numbered steps of the catalogue's how-to-pay text for a channel and method, filled in. */
function howToPay(channel: VirtualAccountChannel, method: (typeof METHODS)[number], vars: { number: string; code: string }): string[] {
  const steps: string[] = [];
  for (let n = 1; hasKey(`payments.how_to_pay.${channel}.${method}.${n}`); n++) steps.push(t(`payments.how_to_pay.${channel}.${method}.${n}`, vars));
  return steps;
}

/** A virtual account as a payment channel: its name, number and how to pay into it per method (loans and lenders' top-ups). */
export function channelOption(va: StoredVirtualAccount, preferred: boolean): PaymentChannel {
  return {
    key: va.channel,
    name: t(`payments.channel.${va.channel}`),
    virtual_account_number: va.number,
    preferred,
    methods: METHODS.map((key) => ({ key, name: t(`payments.method.${key}`), steps: howToPay(va.channel, key, { number: va.number, code: channelCodeOf(va.channel, va.number) }) })),
  };
}

/**
 * GET accounts/{id}/payments/new: the loan account's channels with their VA numbers (the
 * preferred one first) and how to pay on each, the amount due on `today`, the next due date, what
 * pays the loan off today (less the borrower's credit) and that credit.
 * 404 unless the caller owns the loan account.
 */
export async function newPayment(db: Db, customerId: string, accountId: string, today: string): Promise<NewPayment> {
  const [account] = await db
    .select({ paymentChannel: schema.accounts.paymentChannel })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "loan")));
  if (!account) throw loanAccountNotFound();
  const [vas, position, credit, open] = await Promise.all([
    virtualAccountsOf(db, accountId),
    loanPosition(db, accountId),
    borrowerCreditBalance(db, customerId, accountId),
    db
      .select()
      .from(schema.invoices)
      .where(and(eq(schema.invoices.accountId, accountId), eq(schema.invoices.status, "open")))
      .orderBy(asc(schema.invoices.dueOn), asc(schema.invoices.number)),
  ]);
  const preferredFirst = [...vas.filter((va) => va.channel === account.paymentChannel), ...vas.filter((va) => va.channel !== account.paymentChannel)];
  const next = open.find((i) => i.dueOn > today) ?? null;
  return {
    channels: preferredFirst.map((va) => channelOption(va, va.channel === account.paymentChannel)),
    amount_due: amountDueNow(open, today),
    today,
    next_due_on: next?.dueOn ?? null,
    next_amount: next ? invoiceOutstanding(next) : null,
    payoff_amount: position ? payoffToTransfer(payoffOf(position, today), credit) : 0,
    credit_balance: credit,
  };
}
