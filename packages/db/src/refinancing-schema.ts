import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accountApplications, accounts } from "./loan-schema.ts";
import { payments } from "./payment-schema.ts";

/**
 * A refinancing (decision "borrower flow offers"): the new loan's application pays the old loan
 * off out of its disbursal. `payoff_at_submission` is what the borrower was shown. The first
 * disbursal attempt fixes the payoff of its business date (`payoff_paid`, `payoff_on`): every retry
 * asks the bank for the same amount (payout − payoff); once the bank paid, that payoff is paid into
 * the old loan through the payment path on `payoff_on` (one `payments` row, source refinancing).
 * pending: waiting for the disbursal; settled: the old loan was paid (payment_id);
 * not_needed: the old loan was already closed at disbursal, the borrower got the whole payout.
 * Financial records: no cascade.
 */
export const refinancings = pgTable(
  "refinancings",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountApplicationId: uuid("account_application_id")
      .notNull()
      .references(() => accountApplications.id, { onDelete: "restrict" }),
    refinancedAccountId: uuid("refinanced_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    payoffAtSubmission: bigint("payoff_at_submission", { mode: "number" }).notNull(),
    status: text("status", { enum: ["pending", "settled", "not_needed"] }).notNull().default("pending"),
    /** The payoff the disbursal pays into the old loan, fixed by its first attempt (0: the old loan was already closed). */
    payoffPaid: bigint("payoff_paid", { mode: "number" }),
    /** The business date `payoff_paid` is the payoff of. */
    payoffOn: date("payoff_on", { mode: "string" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    settledOn: date("settled_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refinancings_application").on(t.accountApplicationId),
    index("refinancings_refinanced_account").on(t.refinancedAccountId),
    check("refinancings_payoff_positive", sql`${t.payoffAtSubmission} > 0`),
    check("refinancings_settled_paid", sql`${t.status} <> 'settled' or (${t.paymentId} is not null and ${t.payoffPaid} > 0)`),
  ],
);
