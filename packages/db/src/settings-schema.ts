import type { LoanSettings } from "@pinjaman/domain/loan-settings";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { products } from "./schema.ts";

/**
 * A product's price list, versioned (decision "products, pricing and settings"): each change
 * staff make is a new row, effective from its time; the products row holds the current one for
 * the hot paths. An application keeps the rate and total it was priced with (its own columns);
 * its upfront fee is the version in effect when it was created. Rows are never updated.
 */
export const productPricing = pgTable(
  "product_pricing",
  {
    id: serial("id").primaryKey(),
    productKey: text("product_key")
      .notNull()
      .references(() => products.key, { onDelete: "restrict" }),
    version: integer("version").notNull(),
    effectiveFrom: timestamp("effective_from", { withTimezone: true })
      .notNull()
      .defaultNow(),
    dailyRatePpm: integer("daily_rate_ppm").notNull(),
    upfrontFeePpm: integer("upfront_fee_ppm").notNull().default(0),
    loanSettings: jsonb("loan_settings").$type<LoanSettings>().notNull(),
    active: boolean("active").notNull(),
    /** Null for version 1, taken from the code's seed. */
    staffId: uuid("staff_id").references(() => customers.id, {
      onDelete: "set null",
    }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex("product_pricing_version").on(t.productKey, t.version),
    index("product_pricing_effective").on(t.productKey, t.effectiveFrom),
    check(
      "product_pricing_fee_range",
      sql`${t.upfrontFeePpm} >= 0 and ${t.upfrontFeePpm} < 1000000`,
    ),
  ],
);

/** One row: the platform settings staff may change; absent, the code's constants apply. */
export const platformSettings = pgTable("platform_settings", {
  id: integer("id").primaryKey().default(1),
  platformFeePpm: integer("platform_fee_ppm").notNull(),
  fundingPeriodDays: integer("funding_period_days").notNull(),
  autoinvestSharePpm: integer("autoinvest_share_ppm").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow(),
});
