import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accountApplications, accounts } from "./loan-schema.ts";

const rupiah = (name: string) => bigint(name, { mode: "number" });

/**
 * One invoice per instalment of the schedule fixed at disbursal (decision 0012). Amounts are
 * integer rupiah; what was paid is kept per part so a payment is allocated late fee → interest →
 * principal. Financial records: no cascade from the account or the application.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    accountApplicationId: uuid("account_application_id")
      .notNull()
      .references(() => accountApplications.id),
    /** 1 … term. */
    number: integer("number").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    principal: rupiah("principal").notNull(),
    interest: rupiah("interest").notNull(),
    /** principal + interest, as the schedule showed it. */
    total: rupiah("total").notNull(),
    /** Late fee accrued so far (the daily accrual of the repayment work adds to it). */
    lateFee: rupiah("late_fee").notNull().default(0),
    /** The last day whose late fee is in `late_fee` (null: none yet); the daily accrual adds only the days after it. */
    lateFeeAccruedThrough: date("late_fee_accrued_through", { mode: "string" }),
    paidPrincipal: rupiah("paid_principal").notNull().default(0),
    paidInterest: rupiah("paid_interest").notNull().default(0),
    paidLateFee: rupiah("paid_late_fee").notNull().default(0),
    /**
     * Interest taken off by an early payoff (decision 0016): `interest` and `total` are lowered by
     * it, so interest + waived_interest is what the schedule billed.
     */
    waivedInterest: rupiah("waived_interest").notNull().default(0),
    /** open: something is owed; paid: principal, interest and late fee all paid. Late = open past due_on. */
    status: text("status", { enum: ["open", "paid", "replaced"] }).notNull().default("open"),
    paidOn: date("paid_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_application_number").on(t.accountApplicationId, t.number),
    index("invoices_account_due").on(t.accountId, t.dueOn),
    // The daily jobs (late-fee accrual, reminders) read open invoices by due date.
    index("invoices_open_due").on(t.dueOn).where(sql`${t.status} = 'open'`),
  ],
);

/** The customer numbers of virtual accounts: one value per loan account, shared by its channels. */
export const virtualAccountNumberSequence = pgSequence("virtual_account_customer_number", { startWith: 1, minValue: 1, maxValue: 99_999_999 });

/** A loan account's virtual account on a bank channel (decision 0012). */
export const virtualAccounts = pgTable(
  "virtual_accounts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    channel: text("channel", { enum: ["bca_va", "bni_va", "bri_va", "mandiri_va", "permata_va", "cimb_va"] }).notNull(),
    number: text("number").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("virtual_accounts_channel_number").on(t.channel, t.number), uniqueIndex("virtual_accounts_account_channel").on(t.accountId, t.channel)],
);

/**
 * Each payment reminder sent for an invoice (decision 0017): one row per invoice and kind
 * (`before_3`, `before_1`, `due`, `late_1`, `late_3`, `late_7`, `late_14`, …), inserted in the
 * same transaction as the notice and the outbox messages, so a reminder goes out once.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    kind: text("kind").notNull(),
    /** The customer's local date it was due on and their zone (WIB/WITA/WIT). */
    localDate: date("local_date", { mode: "string" }).notNull(),
    timeZone: text("time_zone", { enum: ["WIB", "WITA", "WIT"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);
