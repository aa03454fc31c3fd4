import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { ledgerAccounts } from "./ledger-schema.ts";
import { accountApplications, accounts } from "./loan-schema.ts";

const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** The loan (account) a row is about. */
const loanId = () =>
  uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "restrict" });
/** A person (staff member or borrower) the row names in column `name`. */
const personId = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => customers.id, { onDelete: "restrict" });
/** A staff decision on a request: who decided, when, and the reason given. */
const decision = () => ({
  decidedBy: uuid("decided_by").references(() => customers.id, { onDelete: "restrict" }),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  decisionReason: text("decision_reason"),
});

export const APPROVAL_REQUEST_KINDS = ["write_off", "ledger_adjustment", "loan_change"] as const;
export const APPROVAL_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;

/**
 * Maker-checker (decision 0027): a staff member asks for a write-off,
 * a manual ledger adjustment or a loan change that moves lenders' money (issue 17 §5); a
 * different one approves (which executes it in the same transaction) or rejects. A row is moved out of `pending` once, by a conditional update.
 */
export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: id(),
    kind: text("kind", { enum: APPROVAL_REQUEST_KINDS }).notNull(),
    status: text("status", { enum: APPROVAL_REQUEST_STATUSES }).notNull().default("pending"),
    /** The loan a write-off is for (and, optionally, the loan an adjustment concerns). */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "restrict" }),
    debitLedgerAccountId: uuid("debit_ledger_account_id").references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    creditLedgerAccountId: uuid("credit_ledger_account_id").references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }),
    /** The borrower's reschedule or restructure request a loan-change approval executes. */
    loanChangeRequestId: uuid("loan_change_request_id").references(() => loanChangeRequests.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    requestedBy: personId("requested_by"),
    requestedOn: date("requested_on", { mode: "string" }).notNull(),
    ...decision(),
    /** What the approval did: the principal written off, the transfer posted. */
    outcome: jsonb("outcome").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("approval_requests_status").on(t.status, t.createdAt),
    // One open write-off request per loan.
    uniqueIndex("approval_requests_one_pending_write_off").on(t.accountId).where(sql`${t.kind} = 'write_off' and ${t.status} = 'pending'`),
    check("approval_requests_checker_not_maker", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
    check(
      "approval_requests_adjustment_shape",
      sql`${t.kind} <> 'ledger_adjustment' or (${t.debitLedgerAccountId} is not null and ${t.creditLedgerAccountId} is not null and ${t.amount} > 0 and ${t.debitLedgerAccountId} <> ${t.creditLedgerAccountId})`,
    ),
    check("approval_requests_write_off_shape", sql`${t.kind} <> 'write_off' or ${t.accountId} is not null`),
    check("approval_requests_loan_change_shape", sql`${t.kind} <> 'loan_change' or (${t.accountId} is not null and ${t.loanChangeRequestId} is not null)`),
    // One open second approval per loan change.
    uniqueIndex("approval_requests_one_pending_loan_change").on(t.loanChangeRequestId).where(sql`${t.kind} = 'loan_change' and ${t.status} = 'pending'`),
  ],
);

export const CONTACT_CHANNELS = ["call", "sms", "whatsapp", "email"] as const;
export const CONTACT_OUTCOMES = ["reached", "no_answer", "wrong_number", "promised", "refused", "message_sent"] as const;

/** A collector's contact attempt with a late borrower (collections.work). */
export const collectionContacts = pgTable(
  "collection_contacts",
  {
    id: id(),
    accountId: loanId(),
    staffId: personId("staff_id"),
    channel: text("channel", { enum: CONTACT_CHANNELS }).notNull(),
    outcome: text("outcome", { enum: CONTACT_OUTCOMES }).notNull(),
    note: text("note").notNull().default(""),
    /** The borrower's zone when contacted (WIB/WITA/WIT), as the window was checked. */
    timeZone: text("time_zone").notNull(),
    contactedAt: timestamp("contacted_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("collection_contacts_account").on(t.accountId, t.contactedAt)],
);

/** A borrower's promise to pay an amount by a date; kept or broken is read from the payments. */
export const promisesToPay = pgTable(
  "promises_to_pay",
  {
    id: id(),
    accountId: loanId(),
    staffId: personId("staff_id"),
    /** The business date it was made: payments from this day on count towards it. */
    madeOn: date("made_on", { mode: "string" }).notNull(),
    promisedOn: date("promised_on", { mode: "string" }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("promises_to_pay_account").on(t.accountId, t.promisedOn), check("promises_to_pay_amount_positive", sql`${t.amount} > 0`)],
);

/**
 * The reminder sent to the borrower on a promise's date (decision 0027): one row per promise,
 * inserted before the notice and the messages in the same transaction, so it goes out once.
 */
export const promiseReminders = pgTable("promise_reminders", {
  promiseId: uuid("promise_id")
    .primaryKey()
    .references(() => promisesToPay.id, { onDelete: "restrict" }),
  /** The borrower's local date it was sent on (the promised date) and their zone (WIB/WITA/WIT). */
  localDate: date("local_date", { mode: "string" }).notNull(),
  timeZone: text("time_zone", { enum: ["WIB", "WITA", "WIT"] }).notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});

export const LOAN_CHANGE_TYPES = ["reschedule", "restructure"] as const;
export const LOAN_CHANGE_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;

/**
 * A borrower's request to reschedule or restructure a loan (the account flows), decided by staff
 * (loan_changes.decide). Approval opens a new current application of the same type.
 */
export const loanChangeRequests = pgTable(
  "loan_change_requests",
  {
    id: id(),
    accountId: loanId(),
    customerId: personId("customer_id"),
    typeKey: text("type_key", { enum: LOAN_CHANGE_TYPES }).notNull(),
    status: text("status", { enum: LOAN_CHANGE_STATUSES }).notNull().default("pending"),
    /** The months the borrower asks to add to the remaining schedule. */
    extraMonths: integer("extra_months").notNull(),
    /** Restructure only: the daily rate asked for (ppm); null keeps the loan's rate. */
    dailyRatePpm: integer("daily_rate_ppm"),
    reason: text("reason").notNull(),
    flowProgressId: uuid("flow_progress_id"),
    requestedOn: date("requested_on", { mode: "string" }).notNull(),
    ...decision(),
    /** The application approval opened. */
    newApplicationId: uuid("new_application_id").references(() => accountApplications.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("loan_change_requests_status").on(t.status, t.createdAt),
    uniqueIndex("loan_change_requests_one_pending").on(t.accountId).where(sql`${t.status} = 'pending'`),
    check("loan_change_requests_extra_months", sql`${t.extraMonths} between 1 and 24`),
  ],
);
