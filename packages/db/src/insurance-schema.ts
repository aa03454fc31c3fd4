import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { investments } from "./investment-schema.ts";
import { accounts } from "./loan-schema.ts";

/**
 * A lender's automatic-insurance setting (spec section 3: `automatic_insurance_investor` of an
 * investment account), changed by the insurance_choice_lender_account flow. No row: not insured.
 * Each new investment copies it into `investments.insured` (trigger of migration 0023).
 */
export const investmentInsuranceSettings = pgTable("investment_insurance_settings", {
  investmentAccountId: uuid("investment_account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "restrict" }),
  automaticInsuranceInvestor: boolean("automatic_insurance_investor").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A claim on an insured investment whose loan passed 90 days past due (decision 0024): one per
 * investment (the daily job run twice claims once). The ledger batch (`insurance_claim:<investment>:*`)
 * pays the lender and passes the share to the insurer; from then on the share's proceeds are the insurer's.
 */
export const insuranceClaims = pgTable(
  "insurance_claims",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    investmentId: uuid("investment_id")
      .notNull()
      .unique("insurance_claims_investment")
      .references(() => investments.id, { onDelete: "restrict" }),
    /** The loan account. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    /** The lender's outstanding principal at the claim. */
    outstandingPrincipal: bigint("outstanding_principal", { mode: "number" }).notNull(),
    /** What the insurer paid the lender. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** The insurer's reference for the claim (the adapter's answer). */
    insurerReference: text("insurer_reference").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("insurance_claims_amounts", sql`${t.amount} > 0 and ${t.amount} <= ${t.outstandingPrincipal}`)],
);

/**
 * One month's payment to the insurer of what the platform held for it at the month's end
 * (decision 0024): premiums and recoveries on claimed shares, less what earlier months paid. One
 * row per period (the daily job run twice pays once); `amount` 0 when nothing was held. The
 * ledger transfer `insurer → bank_escrow` (`insurer_remittance:<period>`) moves the same amount.
 */
export const insurerRemittances = pgTable(
  "insurer_remittances",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** YYYY-MM. */
    period: text("period").notNull().unique("insurer_remittances_period"),
    /** The business date it was paid on. */
    businessDate: date("business_date", { mode: "string" }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** The insurer's reference for the payment; null when nothing was due. */
    insurerReference: text("insurer_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("insurer_remittances_amount", sql`${t.amount} >= 0`)],
);
