import { INVESTMENT_STATUSES } from "@pinjaman/domain/status-labels";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { ledgerTransfers } from "./ledger-schema.ts";
import { accountApplications, accounts } from "./loan-schema.ts";
import { payments } from "./payment-schema.ts";

/**
 * An investment (spec section 3): one lender's share of one account application. While the
 * application waits for investment it is `pending` and its money is reserved by a pending ledger
 * transfer (decision 0009); disbursal posts it (settled), cancellation or expiry voids it (canceled).
 */
export const investments = pgTable(
  "investments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** The lender's investment account the money comes from. */
    investmentAccountId: uuid("investment_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    accountApplicationId: uuid("account_application_id")
      .notNull()
      .references(() => accountApplications.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status", { enum: INVESTMENT_STATUSES }).notNull(),
    /**
     * The pending ledger transfer that reserves the amount on the lender's funds. Set in the
     * transaction that creates the row (the reservation's credit account names the investment,
     * so the row comes first); never null once committed.
     */
    reservationTransferId: uuid("reservation_transfer_id").references((): AnyPgColumn => ledgerTransfers.id, { onDelete: "restrict" }),
    /**
     * Covered by automatic insurance (decision 0024): the investment account's setting when the
     * row was inserted, copied by a BEFORE INSERT trigger (migration 0023), never changed after.
     */
    insured: boolean("insured").notNull().default(false),
    /** The lender's key: the same key on the same investment account invests once. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("investments_account_idempotency_key").on(t.investmentAccountId, t.idempotencyKey),
    index("investments_application").on(t.accountApplicationId),
    // The lender's list (newest first) and statistics read an account's investments.
    index("investments_account_created").on(t.investmentAccountId, t.createdAt),
    check("investments_amount_positive", sql`${t.amount} > 0`),
    // Only a row being created (inside its transaction) lacks its reservation.
    check("investments_reserved", sql`${t.reservationTransferId} is not null or ${t.status} = 'pending'`),
  ],
);

/** Where a lender's money comes from, as declared on sign-up (lender registration flow, issue 9). */
export const SOURCES_OF_FUNDS = ["salary", "business", "savings", "investment", "inheritance", "other"] as const;
/** PPh 23 for residents, PPh 26 for non-residents (PMK 69/2022): who withholds what on interest. */
export const TAX_RESIDENCIES = ["resident", "non_resident"] as const;

/**
 * A lender (spec section 3: a customer with an investment account): the facts the registration
 * flow collects and the rules of POJK 40/2024 and PMK 69/2022 read. Kept as long as the lender's
 * investments are (never deleted with the customer).
 */
export const lenderProfiles = pgTable(
  "lender_profiles",
  {
    customerId: uuid("customer_id")
      .primaryKey()
      .references(() => customers.id, { onDelete: "restrict" }),
    /** The investment account the registration opened. */
    investmentAccountId: uuid("investment_account_id")
      .notNull()
      .unique("lender_profiles_investment_account")
      .references(() => accounts.id, { onDelete: "restrict" }),
    /** Declared gross annual income in rupiah: the base of the OJK placement limit. */
    annualIncome: bigint("annual_income", { mode: "number" }).notNull(),
    sourceOfFunds: text("source_of_funds", { enum: SOURCES_OF_FUNDS }).notNull(),
    /** NPWP (15 or 16 digits), or null when the lender has none (withholding is then at the higher rate where the law says so). */
    npwp: text("npwp"),
    taxResidency: text("tax_residency", { enum: TAX_RESIDENCIES }).notNull().default("resident"),
    /** When the lender accepted the OJK risk statement. */
    riskAcceptedAt: timestamp("risk_accepted_at", { withTimezone: true }).notNull(),
    /** When the lender agreement was signed with a code (null for lenders created by the sandbox seed). */
    agreementSignedAt: timestamp("agreement_signed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("lender_profiles_income_positive", sql`${t.annualIncome} > 0`)],
);

/**
 * What one borrower payment paid one investment (decision 0016's lender split), written in the
 * payment's transaction beside its ledger batch: the lender's cash flows for statements, the
 * investment page and statistics (XIRR) without re-deriving them from transfers. The ledger stays
 * the record; tests reconcile the two. Append-only like the payments it follows.
 */
export const investmentRepayments = pgTable(
  "investment_repayments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    investmentId: uuid("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "restrict" }),
    /** The borrower's payment (payments.id) it came from. */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    principal: bigint("principal", { mode: "number" }).notNull(),
    /** Gross interest, before the platform fee, the tax and the insurance premium. */
    interest: bigint("interest", { mode: "number" }).notNull(),
    platformFee: bigint("platform_fee", { mode: "number" }).notNull(),
    /** PPh 23/26 withheld from the interest (moved lender_funds → tax_withheld). */
    tax: bigint("tax", { mode: "number" }).notNull(),
    /** Insurance premium paid out of the interest (0 for uninsured investments). */
    insurancePremium: bigint("insurance_premium", { mode: "number" }).notNull().default(0),
    lateFee: bigint("late_fee", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("investment_repayments_payment_investment").on(t.paymentId, t.investmentId),
    index("investment_repayments_investment").on(t.investmentId, t.businessDate),
    check("investment_repayments_parts", sql`least(${t.principal}, ${t.interest}, ${t.platformFee}, ${t.tax}, ${t.insurancePremium}, ${t.lateFee}) >= 0`),
  ],
);
