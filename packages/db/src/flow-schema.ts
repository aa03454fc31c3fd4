import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A flow by key (spl_onboarding, profile_change, …); its steps live in versions. */
export const flows = pgTable("flows", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  /** public: an anonymous visitor may start it (onboarding); customer: needs a login. */
  audience: text("audience", { enum: ["public", "customer", "account", "account_application"] }).notNull(),
  productKey: text("product_key"),
  currentVersionId: uuid("current_version_id"),
  createdAt: createdAt(),
});

/**
 * An immutable version of a flow: the definition as loaded from the repo. A new definition (by
 * its content digest) becomes a new version; progresses stay on the version they started with.
 */
export const flowVersions = pgTable(
  "flow_versions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    flowKey: text("flow_key")
      .notNull()
      .references(() => flows.key),
    number: integer("number").notNull(),
    digest: text("digest").notNull(),
    definition: jsonb("definition").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("flow_versions_flow_number").on(t.flowKey, t.number), uniqueIndex("flow_versions_flow_digest").on(t.flowKey, t.digest)],
);

export type FlowMovementRecord = { movement_id: string; from: string; to: string; at: string };

/** One person's way through a flow version. */
export const flowProgresses = pgTable(
  "flow_progresses",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    flowVersionId: uuid("flow_version_id")
      .notNull()
      .references(() => flowVersions.id),
    flowKey: text("flow_key").notNull(),
    /** Null while an anonymous visitor holds a public flow; set once the flow creates or logs in the customer. */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** The account or application a scoped flow works on. */
    accountId: uuid("account_id"),
    accountApplicationId: uuid("account_application_id"),
    currentStep: text("current_step").notNull(),
    values: jsonb("values").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    history: jsonb("history").$type<FlowMovementRecord[]>().notNull().default([]),
    status: text("status", { enum: ["in_progress", "completed", "cancelled", "expired"] }).notNull().default("in_progress"),
    /** Optimistic lock: every write bumps it. */
    revision: integer("revision").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
  },
  (t) => [index("flow_progresses_customer").on(t.customerId, t.flowKey)],
);

/** A file a customer uploaded for a field (KTP photo, selfie, document); the bytes live in storage. */
export const fieldUploads = pgTable(
  "field_uploads",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** The customer who asked for the upload, or null for an anonymous public flow (then flow_progress_id). */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    flowProgressId: uuid("flow_progress_id"),
    storage: text("storage", { enum: ["local", "s3"] }).notNull(),
    objectKey: text("object_key").notNull(),
    filename: text("filename").notNull(),
    mimeType: text("mime_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    status: text("status", { enum: ["presigned", "uploaded"] }).notNull().default("presigned"),
    policyExpiresAt: at("policy_expires_at").notNull(),
    createdAt: createdAt(),
    uploadedAt: at("uploaded_at"),
  },
  (t) => [uniqueIndex("field_uploads_object_key").on(t.objectKey), index("field_uploads_customer").on(t.customerId)],
);
