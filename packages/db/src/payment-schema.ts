import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { virtualAccounts } from "./invoice-schema.ts";
import { accounts } from "./loan-schema.ts";

const rupiah = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

const PAYMENT_STATUSES = ["allocated", "parked", "topped_up"] as const;
/**
 * Why a payment was parked for reconciliation (decision 0016). `above_payoff`: far more than the
 * loan's payoff (OVERPAYMENT_MARGIN); `closing_credit`: not a payment that arrived but the credit
 * left on a loan that closed, parked to be refunded to the borrower (decision 0016, "Credit").
 */
const PARKED_REASONS = ["unknown_virtual_account", "invalid_amount", "account_not_active", "above_payoff", "closing_credit"] as const;

/**
 * A borrower's payment as the payment gateway (or the sandbox playing it) reported it (decision
 * 0016): one row per gateway transaction id, never updated. `allocated`: it paid the loan's
 * invoices (the parts below; `credit_used` came from the borrower's earlier credit, `credit` is
 * kept as new credit), so late_fee + interest + principal + credit = amount + credit_used.
 * `parked`: it matched no loan or no sensible amount and waits in payment suspense.
 * `topped_up`: it was paid into a lender's top-up virtual account and credited to the lender's
 * funds (bank_escrow → lender_funds, code deposit); the loan parts stay 0.
 * Financial records: no cascade.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** The gateway's own id (sandbox: `sandbox:<account>:<key>`): one payment per id. */
    gatewayTransactionId: text("gateway_transaction_id").notNull(),
    /**
     * refinancing: a new loan's disbursal paid this loan off (refinancing-schema.ts);
     * reconciliation: a parked payment an operator matched to a loan (the parked row stays as it was);
     * credit: the borrower's credit kept on the loan, applied when an invoice fell due (amount 0,
     * all of it credit_used), or, parked `closing_credit`, what was left when the loan closed.
     */
    source: text("source", { enum: ["gateway", "sandbox", "refinancing", "reconciliation", "credit"] }).notNull(),
    /** As reported; may name no channel we know when parked. */
    channel: text("channel").notNull(),
    virtualAccountNumber: text("virtual_account_number").notNull(),
    virtualAccountId: uuid("virtual_account_id").references(() => virtualAccounts.id, { onDelete: "restrict" }),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    parkedReason: text("parked_reason", { enum: PARKED_REASONS }),
    /** The business date the money arrived. */
    businessDate: date("business_date", { mode: "string" }).notNull(),
    /** When the gateway says the borrower paid (null from the sandbox). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    lateFee: rupiah("late_fee"),
    interest: rupiah("interest"),
    principal: rupiah("principal"),
    credit: rupiah("credit"),
    creditUsed: rupiah("credit_used"),
    /** Scheduled interest no longer owed because this payment paid the loan off early. */
    waivedInterest: rupiah("waived_interest"),
    /** The loan account's status right after this payment (closed: it paid the loan off). */
    accountStatus: text("account_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_gateway_transaction").on(t.gatewayTransactionId),
    index("payments_account").on(t.accountId, t.createdAt),
    check("payments_amount_not_negative", sql`${t.amount} >= 0`),
    check("payments_parked_reason", sql`(${t.status} = 'parked') = (${t.parkedReason} is not null)`),
    check("payments_allocated_to_account", sql`${t.status} = 'parked' or ${t.accountId} is not null`),
    check(
      "payments_every_rupiah",
      sql`${t.status} <> 'allocated' or ${t.lateFee} + ${t.interest} + ${t.principal} + ${t.credit} = ${t.amount} + ${t.creditUsed}`,
    ),
  ],
);

/**
 * What an operator did with a parked payment (decision 0033): one row per parked
 * payment (unique), so a double click matches once. `matched`: booked to a loan through the normal
 * repayment allocation as a new allocated payment (`allocated_payment_id`, source reconciliation),
 * its money moved payment_suspense → the loan's clearing account. `refund_requested`: to be paid
 * back to the payer; the bank transfer and its state are the payment's `payment_refunds` row. Never
 * updated or deleted; financial record, no cascade.
 */
export const paymentReconciliations = pgTable(
  "payment_reconciliations",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    parkedPaymentId: uuid("parked_payment_id")
      .notNull()
      .references((): AnyPgColumn => payments.id, { onDelete: "restrict" }),
    outcome: text("outcome", { enum: ["matched", "refund_requested"] }).notNull(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "restrict" }),
    allocatedPaymentId: uuid("allocated_payment_id").references((): AnyPgColumn => payments.id, { onDelete: "restrict" }),
    /** Null when the platform decided it: a closed loan's credit refunded to its borrower (reason closing_credit). */
    staffId: uuid("staff_id").references(() => customers.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_reconciliations_parked").on(t.parkedPaymentId),
    check("payment_reconciliations_matched", sql`(${t.outcome} = 'matched') = (${t.accountId} is not null and ${t.allocatedPaymentId} is not null)`),
  ],
);

/**
 * The refund of a parked payment to its payer's bank account (decision 0033), one per parked
 * payment. `pending`: claimed for a bank call (`claimed_until`) or left unanswered by a crash;
 * `refunded`: the bank paid (`bank_reference`) and the ledger moved the amount payment_suspense →
 * bank_escrow (code payment_refunded); `failed`: the bank refused (`last_error`), the operator may
 * try again (a closed loan's credit refunded to its borrower is retried by the credit-refund job
 * first, `next_attempt_at`). `transfer_reference` is what the bank is called with: it stays the same for every
 * attempt, so a retry after a crash or a timeout pays once; only after the bank refused for good
 * (`last_error_final`) may the operator give another account, which takes the next reference.
 * Financial record, no cascade.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    parkedPaymentId: uuid("parked_payment_id")
      .notNull()
      .references((): AnyPgColumn => payments.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    bankCode: text("bank_code").notNull(),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    /** `refund:<parked payment id>`; `refund:<parked payment id>:<attempt>` once the operator gave another account. */
    transferReference: text("transfer_reference").notNull(),
    status: text("status", { enum: ["pending", "refunded", "failed"] }).notNull(),
    /** Bank calls made, over every account tried. */
    attempts: integer("attempts").notNull().default(0),
    /** While set in the future a request is talking to the bank; another waits for its answer. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** The bank's last refusal was final (account closed, name mismatch): it never paid this reference. */
    lastErrorFinal: boolean("last_error_final").notNull().default(false),
    /**
     * Business time the refund job (credit-refund) tries again: set for a closed loan's credit
     * refunded to its borrower, with the disbursal's doubling delays; null once paid, given up
     * (the operator retries from the back office), or for an operator's refund.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    bankReference: text("bank_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_refunds_parked").on(t.parkedPaymentId),
    uniqueIndex("payment_refunds_transfer_reference").on(t.transferReference),
    check("payment_refunds_amount_positive", sql`${t.amount} > 0`),
    check("payment_refunds_refunded_has_reference", sql`${t.status} <> 'refunded' or ${t.bankReference} is not null`),
  ],
);
