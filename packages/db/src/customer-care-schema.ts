import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";
import { supportRequests } from "./schema.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A staff block of a customer (decision customers-chat-and-personal-data): while a row has no
 * unblocked_at the customer cannot sign in and their sessions were revoked. Kept as history.
 */
export const customerBlocks = pgTable(
  "customer_blocks",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    blockedBy: uuid("blocked_by").references(() => customers.id, { onDelete: "set null" }),
    blockedAt: at("blocked_at").notNull().defaultNow(),
    unblockReason: text("unblock_reason"),
    unblockedBy: uuid("unblocked_by").references(() => customers.id, { onDelete: "set null" }),
    unblockedAt: at("unblocked_at"),
  },
  (t) => [
    index("customer_blocks_customer").on(t.customerId),
    // At most one block in force per customer.
    uniqueIndex("customer_blocks_active").on(t.customerId).where(sql`${t.unblockedAt} is null`),
  ],
);

/** A staff answer to a chat launcher message (CS-… reference); shown in the chat panel and e-mailed. */
export const supportAnswers = pgTable(
  "support_answers",
  {
    id: serial("id").primaryKey(),
    supportRequestId: integer("support_request_id")
      .notNull()
      .references(() => supportRequests.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id").references(() => customers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("support_answers_request").on(t.supportRequestId)],
);

/**
 * What a customer asked under UU PDP 27/2022 (a download of their data, a deletion) and what was
 * done; `retention_purge` is the platform's own act when the APU-PPT retention of a deleted
 * customer's identity core ends (jobs/definitions/personal-data-retention.ts), at most once per customer.
 */
export const personalDataRequests = pgTable(
  "personal_data_requests",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["export", "deletion", "retention_purge"] }).notNull(),
    status: text("status", { enum: ["completed", "refused"] }).notNull(),
    /** Counts of what was removed and the tables kept for OJK (deletion), or the sections given (export). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("personal_data_requests_customer").on(t.customerId),
    uniqueIndex("personal_data_requests_retention_purge").on(t.customerId).where(sql`${t.kind} = 'retention_purge'`),
  ],
);
