import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgSequence, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { accountApplications, accounts } from "./loan-schema.ts";

/** Hands out the rotation's positions: each lender served by autoinvest takes the next one (decision 0021). */
export const autoinvestServedSeq = pgSequence("autoinvest_served_seq");

/**
 * A lender's autoinvest rules, one row per investment account (issue 9 §4, decision 0021). The
 * allocation job serves the enabled ones whose rules match an application, least recently served
 * (`last_served`, null first) first.
 */
export const autoinvestSettings = pgTable(
  "autoinvest_settings",
  {
    investmentAccountId: uuid("investment_account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "restrict" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    enabled: boolean("enabled").notNull(),
    amountPerLoan: bigint("amount_per_loan", { mode: "number" }).notNull(),
    tenorMinMonths: integer("tenor_min_months").notNull(),
    tenorMaxMonths: integer("tenor_max_months").notNull(),
    riskGrades: text("risk_grades").array().notNull(),
    /** Empty: every product. */
    productKeys: text("product_keys").array().notNull(),
    maxPerBorrower: bigint("max_per_borrower", { mode: "number" }).notNull(),
    reserve: bigint("reserve", { mode: "number" }).notNull(),
    /** Position in the rotation when autoinvest last gave this lender a step (autoinvest_served_seq); null: never served. */
    lastServed: bigint("last_served", { mode: "number" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("autoinvest_settings_rotation").on(t.lastServed).where(sql`${t.enabled}`),
    check("autoinvest_settings_amounts", sql`${t.amountPerLoan} > 0 and ${t.maxPerBorrower} > 0 and ${t.reserve} >= 0`),
    check("autoinvest_settings_tenor", sql`${t.tenorMinMonths} <= ${t.tenorMaxMonths}`),
  ],
);

/**
 * One row per application autoinvest has allocated, written in the allocation's transaction: an
 * application is allocated once, whatever the number of job runs or workers (decision 0021).
 */
export const autoinvestAllocations = pgTable("autoinvest_allocations", {
  accountApplicationId: uuid("account_application_id")
    .primaryKey()
    .references(() => accountApplications.id, { onDelete: "restrict" }),
  /** What the allocation placed (0 when no lender's rules matched or every one was refused). */
  amount: bigint("amount", { mode: "number" }).notNull(),
  lenders: integer("lenders").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
