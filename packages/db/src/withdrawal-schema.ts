import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./loan-schema.ts";

/**
 * A lender's withdrawal from an investment account to their bank account (issue 9 §2, decision
 * 0020): the amount is reserved by a pending ledger transfer (lender_funds → bank_escrow, code
 * `withdrawal`) when the row is created; `succeeded` posts it, `failed` voids it (the money is
 * available again). Its id is the bank's reference, so a retry never pays twice. The client's
 * idempotency key and the signed code confirmation are each used once.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    customerId: uuid("customer_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The signature (one-time code confirmation) that authorised it. */
    signatureId: uuid("signature_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** processing: reserved, the bank is being asked (or retried); succeeded: paid; failed: given up, reservation voided. */
    status: text("status", { enum: ["processing", "succeeded", "failed"] }).notNull().default("processing"),
    bankCode: text("bank_code").notNull(),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    /** The pending ledger transfer that reserves the amount. */
    reservationId: uuid("reservation_id").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Business time before which no attempt is made (backoff after a retryable refusal). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** Real time until which a runner holds it while it talks to the bank. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** Why it failed, for the lender: the bank refused the account for good, or stayed unavailable through every retry. */
    failure: text("failure", { enum: ["bank_refused", "bank_unavailable"] }),
    /** The bank's last refusal in its own words (for operators). */
    lastError: text("last_error"),
    bankReference: text("bank_reference"),
    businessDate: text("business_date").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withdrawals_account_key").on(t.accountId, t.idempotencyKey),
    uniqueIndex("withdrawals_signature").on(t.signatureId),
    index("withdrawals_account").on(t.accountId, t.createdAt),
    index("withdrawals_due").on(t.nextAttemptAt).where(sql`${t.status} = 'processing'`),
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
    check("withdrawals_failure", sql`(${t.status} = 'failed') = (${t.failure} is not null)`),
    check("withdrawals_paid_has_reference", sql`${t.status} <> 'succeeded' or ${t.bankReference} is not null`),
  ],
);
