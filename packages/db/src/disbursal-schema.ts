import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accountApplications } from "./loan-schema.ts";

/**
 * The bank transfer that pays a funded application to its borrower, or a purchase's merchant (decisions 0015, 0032): one row per
 * application, created when its cooling-off ends. Its id is the reference the bank sees, so a
 * retry after a crash can never pay twice. Attempts and the last refusal stay visible.
 */
export const disbursals = pgTable(
  "disbursals",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountApplicationId: uuid("account_application_id")
      .notNull()
      .references(() => accountApplications.id, { onDelete: "restrict" }),
    /** pending: to pay (or retry); succeeded: the bank paid, the loan runs; failed: given up, the application cancelled. */
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    /** What the bank pays the payee: principal − upfront fee. */
    payout: bigint("payout", { mode: "number" }).notNull(),
    upfrontFee: bigint("upfront_fee", { mode: "number" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Business time before which no attempt is made (backoff after a refusal). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** Real time until which a runner holds it while it talks to the bank (a lease, not a lock). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    bankReference: text("bank_reference"),
    /**
     * Whom the bank paid, recorded with the success: the borrower, or for a purchase's loan the
     * merchant (the partner's settlement account, decision 0032), with the name and account paid.
     * Null before the payment (and on rows paid before this was recorded: the borrower).
     */
    payeeKind: text("payee_kind", { enum: ["borrower", "merchant"] }),
    payeeName: text("payee_name"),
    payeeBankCode: text("payee_bank_code"),
    payeeAccountNumber: text("payee_account_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("disbursals_application").on(t.accountApplicationId),
    index("disbursals_due").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("disbursals_amounts", sql`${t.payout} > 0 and ${t.upfrontFee} >= 0`),
    check("disbursals_paid_has_reference", sql`${t.status} <> 'succeeded' or ${t.bankReference} is not null`),
  ],
);

/**
 * The sandbox bank's memory (integrations/bank/sandbox-bank.ts): what it answered per reference,
 * so a repeated call is answered the same way and pays nothing twice, across processes and restarts.
 */
export const sandboxBankTransfers = pgTable("sandbox_bank_transfers", {
  reference: text("reference").primaryKey(),
  amount: bigint("amount", { mode: "number" }).notNull(),
  bankCode: text("bank_code").notNull(),
  accountNumber: text("account_number").notNull(),
  accountName: text("account_name").notNull(),
  /** Calls received with this reference. */
  calls: integer("calls").notNull().default(1),
  /** Set once the sandbox bank paid; never changed afterwards. */
  paidReference: text("paid_reference"),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
