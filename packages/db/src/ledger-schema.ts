import { LEDGER_ACCOUNT_KIND_KEYS, TRANSFER_CODES, TRANSFER_MODES } from "@pinjaman/domain/ledger";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, pgTable, text, timestamp, unique, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { investments } from "./investment-schema.ts";
import { accounts } from "./loan-schema.ts";

const money = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/**
 * A ledger account (decision 0009): its kind, owners and balance limits never change; its four
 * totals change only through transfers (a trigger of the custom migration refuses anything else,
 * and any DELETE). Currency is IDR throughout; the column states it for the record.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    kind: text("kind", { enum: LEDGER_ACCOUNT_KIND_KEYS }).notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "restrict" }),
    /** The platform account it belongs to: the lender's investment account, or the loan account. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "restrict" }),
    /** The investment (a lender's share of a loan). */
    investmentId: uuid("investment_id").references((): AnyPgColumn => investments.id, { onDelete: "restrict" }),
    /** A borrower's virtual account number, for payment clearing per VA. */
    virtualAccount: text("virtual_account"),
    currency: text("currency", { enum: ["IDR"] }).notNull().default("IDR"),
    debitsMustNotExceedCredits: boolean("debits_must_not_exceed_credits").notNull(),
    creditsMustNotExceedDebits: boolean("credits_must_not_exceed_debits").notNull(),
    debitsPosted: money("debits_posted"),
    creditsPosted: money("credits_posted"),
    debitsPending: money("debits_pending"),
    creditsPending: money("credits_pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per kind and owner (platform accounts have no owner: one per kind).
    unique("ledger_accounts_owner").on(t.kind, t.customerId, t.accountId, t.investmentId, t.virtualAccount).nullsNotDistinct(),
    index("ledger_accounts_account").on(t.accountId),
    check("ledger_accounts_totals_not_negative", sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`),
    check("ledger_accounts_one_limit", sql`not (${t.debitsMustNotExceedCredits} and ${t.creditsMustNotExceedDebits})`),
    // The limits hold in every committed state too, whatever statement wrote the totals.
    check("ledger_accounts_debits_limit", sql`not ${t.debitsMustNotExceedCredits} or ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`),
    check("ledger_accounts_credits_limit", sql`not ${t.creditsMustNotExceedDebits} or ${t.creditsPosted} + ${t.creditsPending} <= ${t.debitsPosted}`),
  ],
);

/**
 * A transfer between two ledger accounts: append-only (the custom migration's trigger refuses
 * UPDATE and DELETE). Posting or voiding a pending transfer is a new row that references it
 * (`pending_id`), as TigerBeetle does; a unique index lets a pending transfer resolve only once.
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** The caller's key: a retry with the same key and content posts nothing again. */
    idempotencyKey: text("idempotency_key").notNull(),
    mode: text("mode", { enum: TRANSFER_MODES }).notNull(),
    code: text("code", { enum: TRANSFER_CODES }).notNull(),
    debitAccountId: uuid("debit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    creditAccountId: uuid("credit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    pendingId: uuid("pending_id").references((): AnyPgColumn => ledgerTransfers.id, { onDelete: "restrict" }),
    /** The business clock's date the movement belongs to. */
    businessDate: date("business_date", { mode: "string" }).notNull(),
    /** What caused it, e.g. "investment:<id>", "gateway:<transaction id>", "sandbox_deposit". */
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_transfers_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("ledger_transfers_pending_resolution").on(t.pendingId),
    index("ledger_transfers_debit_account").on(t.debitAccountId),
    index("ledger_transfers_credit_account").on(t.creditAccountId),
    check("ledger_transfers_amount_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check("ledger_transfers_pending_reference", sql`(${t.pendingId} is not null) = (${t.mode} in ('post_pending', 'void_pending'))`),
  ],
);
