import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** What a company API key may call (decision 0023): one scope per company service. */
export const API_KEY_SCOPES = ["tkb", "customer_list", "customer_detail", "details", "lender_dashboard"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * A partner's key to the company services (spec section 7), created by `npm run api-key`. Only
 * the key's SHA-256 is stored; the prefix (its first characters) names it in lists and logs.
 * Revoked keys are kept (revoked_at) so their use stays explainable.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** The visible start of the key ("pjk_3fA9x2Qm"), enough to tell keys apart. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes", { enum: API_KEY_SCOPES }).array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Recorded on use, at most about once a minute per key. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash").on(t.keyHash),
    check("api_keys_scopes_known", sql`${t.scopes} <@ array['tkb','customer_list','customer_detail','details','lender_dashboard']::text[] and cardinality(${t.scopes}) > 0`),
  ],
);
