import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accountApplications } from "./loan-schema.ts";
import { flowProgresses } from "./flow-schema.ts";
import { customers } from "./auth-schema.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A partner organisation (issue 10 section 2, decision 0029): created by
 * staff through the flow `hayman_s_partners_creation`. It calls the partner API with its own keys
 * (partner_api_keys) and receives signed callbacks at `callback_url`, signed with `callback_secret`
 * (kept in clear: an HMAC needs it; shown to staff with partners.manage only). A purchase's loan is
 * paid to its settlement bank account (decision 0032): all three settlement columns or none (a
 * partner created before they existed, whose purchases are refused until staff add one).
 */
export const partners = pgTable(
  "partners",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    legalName: text("legal_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    callbackUrl: text("callback_url").notNull(),
    callbackSecret: text("callback_secret").notNull(),
    /** The settlement account's bank (BANK_CODES), number (digits only) and holder, checked by the bank step's rules. */
    settlementBankCode: text("settlement_bank_code"),
    settlementAccountNumber: text("settlement_account_number"),
    settlementAccountName: text("settlement_account_name"),
    /** The staff member who created it. */
    createdBy: uuid("created_by").references(() => customers.id, { onDelete: "restrict" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "partners_settlement_account_whole",
      sql`(${t.settlementBankCode} is null) = (${t.settlementAccountNumber} is null) and (${t.settlementBankCode} is null) = (${t.settlementAccountName} is null)`,
    ),
  ],
);

/** A partner's outlet (flow `hayman_s_partners_creation_branch`): leads and purchases may name one. */
export const partnerBranches = pgTable("partner_branches", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  partnerId: uuid("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "restrict" }),
  name: text("name").notNull(),
  city: text("city").notNull(),
  createdBy: uuid("created_by").references(() => customers.id, { onDelete: "restrict" }),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** A partner's key to the partner API: like api_keys (decision 0023), only the SHA-256 is kept. */
export const partnerApiKeys = pgTable(
  "partner_api_keys",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    revokedAt: at("revoked_at"),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [uniqueIndex("partner_api_keys_key_hash").on(t.keyHash), index("partner_api_keys_partner").on(t.partnerId)],
);

/**
 * A lead: a partner's prefilled customer and product. The customer continues it at /leads/{id} in
 * the lead-based subflow; its progress (flow_progress_id) ends in an application whose
 * flow_progress_id is the same, which links the two.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    branchId: uuid("branch_id").references(() => partnerBranches.id, { onDelete: "restrict" }),
    /** The partner's own reference, unique per partner (a repeated create answers the first lead). */
    externalId: text("external_id").notNull(),
    productKey: text("product_key").notNull(),
    /** The prefilled answers, by flow field key (full_name, email, phone, personal_code, birth_date, amount, term). */
    customerData: jsonb("customer_data").$type<Record<string, string | number>>().notNull(),
    flowKey: text("flow_key").notNull(),
    flowProgressId: uuid("flow_progress_id").references(() => flowProgresses.id, { onDelete: "restrict" }),
    expiresAt: at("expires_at").notNull(),
    /** When the prefilled personal fields were removed from customer_data (an expired, unused lead; decision 0032). */
    personalDataPurgedAt: at("personal_data_purged_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("leads_partner_external").on(t.partnerId, t.externalId), index("leads_flow_progress").on(t.flowProgressId)],
);

/**
 * A purchase: a partner's merchant sells an item paid in instalments. The customer pays at
 * /purchase/{id}: the purchase becomes a loan application for amount − discount (account_application_id).
 */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    branchId: uuid("branch_id").references(() => partnerBranches.id, { onDelete: "restrict" }),
    externalId: text("external_id").notNull(),
    merchantName: text("merchant_name").notNull(),
    itemName: text("item_name").notNull(),
    productKey: text("product_key").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    discount: bigint("discount", { mode: "number" }).notNull(),
    term: integer("term").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "restrict" }),
    accountApplicationId: uuid("account_application_id").references(() => accountApplications.id, { onDelete: "restrict" }),
    paidAt: at("paid_at"),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  // The disbursal looks up the purchase behind an application (its payee): purchases_application.
  (t) => [uniqueIndex("purchases_partner_external").on(t.partnerId, t.externalId), index("purchases_application").on(t.accountApplicationId)],
);

/**
 * A signed callback to a partner: one per (subject, application status) it must hear about, sent
 * and retried by the `partner-callbacks` job until the partner answers 2xx or the attempts run out.
 */
export const partnerCallbacks = pgTable(
  "partner_callbacks",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    subjectType: text("subject_type", { enum: ["lead", "purchase"] }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    status: text("status").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: text("state", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    deliveredAt: at("delivered_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("partner_callbacks_once").on(t.subjectType, t.subjectId, t.status), index("partner_callbacks_due").on(t.state, t.nextAttemptAt)],
);
