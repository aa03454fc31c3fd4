import type { LoanSettings } from "@pinjaman/domain/loan-settings";
import { bigint, boolean, date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";


export const products = pgTable("products", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  variant: text("variant", { enum: ["default", "plus", "business"] }).notNull(),
  loanType: text("loan_type", { enum: ["consumptive", "productive"] }).notNull(),
  /** The product's own daily rate; an offer never exceeds the OJK cap for its tenor. */
  dailyRatePpm: integer("daily_rate_ppm").notNull(),
  /** The current upfront fee, ppm of the principal (product_pricing keeps every version). */
  upfrontFeePpm: integer("upfront_fee_ppm").notNull().default(0),
  loanSettings: jsonb("loan_settings").$type<LoanSettings>().notNull(),
  playStoreLoanSettings: jsonb("play_store_loan_settings").$type<LoanSettings>().notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row: the company facts the site shows (spec section 1 "Company config"). */
export const companyConfig = pgTable("company_config", {
  id: integer("id").primaryKey().default(1),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  address: text("address").notNull(),
  facebookPageUrl: text("facebook_page_url").notNull(),
  linkedInPageUrl: text("linked_in_page_url").notNull(),
  instagramPageUrl: text("instagram_page_url").notNull(),
  appStoreUrl: text("app_store_url").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A dated TKB snapshot: name/percentage pairs, percentages in basis points (9850 = 98.50 %). */
export type TkbEntry = { name: string; basisPoints: number };

export const tkbSnapshots = pgTable("tkb_snapshots", {
  id: serial("id").primaryKey(),
  entries: jsonb("entries").$type<TkbEntry[]>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  source: text("source", { enum: ["seed", "book"] }).notNull(),
  /** The business date a book snapshot was computed for (null for the seed's figures). */
  asOf: date("as_of", { mode: "string" }),
  /** The book's outstanding principal then, integer rupiah (null for the seed's figures). */
  outstandingPrincipal: bigint("outstanding_principal", { mode: "number" }),
});

/** A visitor's message from the live-chat launcher, kept for customer care. */
export const supportRequests = pgTable("support_requests", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  contact: text("contact").notNull(),
  message: text("message").notNull(),
  pagePath: text("page_path").notNull(),
  requestId: text("request_id").notNull(),
  status: text("status", { enum: ["open", "answered", "closed"] }).notNull().default("open"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** SHA-256 of the secret the chat panel keeps to read its answers (null for messages sent before answers existed). */
  accessTokenHash: text("access_token_hash"),
  answeredAt: timestamp("answered_at", { withTimezone: true }),
}, (t) => [uniqueIndex("support_requests_access_token").on(t.accessTokenHash)]);
