import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { products } from "./schema.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** What a borrower told us in onboarding (KYC), with the evidence of their consent. */
export const customerProfiles = pgTable(
  "customer_profiles",
  {
    customerId: uuid("customer_id")
      .primaryKey()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** NIK, 16 digits; one customer per NIK. */
    personalCode: text("personal_code").notNull(),
    fullName: text("full_name").notNull(),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    /** KYC answers by field key (address chain codes, work, income, bank, photos' upload ids, …). */
    kyc: jsonb("kyc").$type<Record<string, unknown>>().notNull(),
    /** Terms version, time, geolocation and IP of the agreement. */
    consent: jsonb("consent").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_profiles_personal_code").on(t.personalCode)],
);

/** Spec section 3 "Account": a loan or an investment account. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    // Financial records outlive a customer's deletion request (OJK retention): never cascade.
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    typeKey: text("type_key", { enum: ["loan", "investment"] }).notNull(),
    productKey: text("product_key").references(() => products.key),
    status: text("status", { enum: ["pending", "active", "closed", "sold_transfer_period", "sold", "written_off"] }).notNull(),
    principalBalance: bigint("principal_balance", { mode: "number" }).notNull().default(0),
    /** The channel instalments are paid through (change_payment_channel flow). */
    paymentChannel: text("payment_channel"),
    closedOn: date("closed_on", { mode: "string" }),
    activatedOn: date("activated_on", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("accounts_customer").on(t.customerId)],
);

/** Spec section 3 "Account application": the terms a loan account is applied for under. */
export const accountApplications = pgTable(
  "account_applications",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    typeKey: text("type_key", { enum: ["initial", "reschedule", "restructure"] }).notNull(),
    status: text("status", {
      enum: ["draft", "submitted", "rejected", "cancelled", "in_disbursement", "waiting_for_deadline", "waiting_for_investment", "activated", "deactivated", "active", "closed"],
    }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    term: integer("term").notNull(),
    dailyRatePpm: integer("daily_rate_ppm").notNull(),
    totalRepayment: bigint("total_repayment", { mode: "number" }).notNull(),
    flowProgressId: uuid("flow_progress_id"),
    submittedOn: date("submitted_on", { mode: "string" }),
    /** Business date of its (latest) approval: the funding deadline is counted from it (decision 0010). */
    approvedOn: date("approved_on", { mode: "string" }),
    /** Business date it became fully funded (`fund`): its cooling-off is counted from it (decision 0015). */
    fundedOn: date("funded_on", { mode: "string" }),
    effectiveOn: date("effective_on", { mode: "string" }),
    maturityOn: date("maturity_on", { mode: "string" }),
    /** Set on approval (decision 0010): what lenders see. */
    riskGrade: text("risk_grade", { enum: ["A", "B", "C", "D", "E"] }),
    /** Why it was rejected: the failed rule's key, or "operator"; shown to the borrower in Indonesian. */
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_applications_account").on(t.accountId),
    // The marketplace reads only the applications open to investment, a page at a time by approval date.
    index("account_applications_open").on(t.approvedOn, t.createdAt, t.id).where(sql`${t.status} = 'waiting_for_investment'`),
  ],
);
