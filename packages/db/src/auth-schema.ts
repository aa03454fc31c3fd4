import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A person who can log in: borrower, lender or operator (by their roles). */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    name: text("name").notNull(),
    /** Stored lower-cased; unique. */
    email: text("email").notNull(),
    phone: text("phone"),
    /** argon2id; null until the customer sets a first password (generate-password). */
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customers_email").on(t.email)],
);

/** Spec section 3: customer_roles {id, type_key}; type_key primary or modifier (operator or admin for staff). */
export const customerRoles = pgTable(
  "customer_roles",
  {
    id: id(),
    customerId: uuid("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    typeKey: text("type_key", { enum: ["primary", "modifier", "operator", "admin"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customer_roles_customer_type").on(t.customerId, t.typeKey)],
);

/** One login attempt by a method (emailpass); may wait for a second-factor code. */
export const authentications = pgTable(
  "authentications",
  {
    id: id(),
    methodKey: text("method_key").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["code_required", "authenticated", "failed", "expired"] }).notNull(),
    codeHash: text("code_hash"),
    codeExpiresAt: at("code_expires_at"),
    codeSentAt: at("code_sent_at"),
    codeAttempts: integer("code_attempts").notNull().default(0),
    deviceKeyHash: text("device_key_hash"),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: createdAt(),
    completedAt: at("completed_at"),
  },
  (t) => [index("authentications_customer").on(t.customerId)],
);

/** A logged-in session; only the token's SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    authenticationId: uuid("authentication_id").notNull().references(() => authentications.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
    refreshedAt: at("refreshed_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [uniqueIndex("sessions_token_hash").on(t.tokenHash), index("sessions_customer").on(t.customerId)],
);

/** Browsers a customer has completed a second factor on; a new one asks for a code. */
export const knownDevices = pgTable(
  "known_devices",
  {
    customerId: uuid("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    deviceKeyHash: text("device_key_hash").notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.deviceKeyHash] })],
);

/** Single-use, expiring links to set a password: reset, or first password (generate). */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: id(),
    customerId: uuid("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["reset", "generate"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_tokens_token_hash").on(t.tokenHash)],
);

/** A code confirmation (e.g. signing a contract): the reusable signature service. */
export const signatures = pgTable("signatures", {
  id: id(),
  customerId: uuid("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
  methodKey: text("method_key").notNull(),
  subject: text("subject").notNull(),
  status: text("status", { enum: ["code_sent", "signed", "failed", "expired"] }).notNull(),
  step: text("step").notNull().default("code"),
  codeHash: text("code_hash"),
  codeExpiresAt: at("code_expires_at"),
  codeSentAt: at("code_sent_at"),
  codeAttempts: integer("code_attempts").notNull().default(0),
  createdAt: createdAt(),
  signedAt: at("signed_at"),
});

/** Fixed-window counters shared by every server process (login, code entry, reset). */
export const throttles = pgTable("throttles", {
  key: text("key").primaryKey(),
  windowStartedAt: at("window_started_at").notNull(),
  count: integer("count").notNull(),
});

/** Who did what to an account, from where: login, failure, refresh, logout, reset, role change. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    requestId: text("request_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_customer").on(t.customerId)],
);

/** Mail, SMS and push as the sandbox adapters deliver them: readable on the sandbox outbox page. */
export const outboxMessages = pgTable("outbox_messages", {
  id: serial("id").primaryKey(),
  channel: text("channel", { enum: ["mail", "sms", "push"] }).notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/** Spec section 3 device: identifier (the customer id), type_key, push token, OS. */
export const devices = pgTable(
  "devices",
  {
    id: id(),
    customerId: uuid("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    identifier: text("identifier").notNull(),
    typeKey: text("type_key").notNull(),
    token: text("token").notNull(),
    tokenType: text("token_type").notNull(),
    operatingSystem: text("operating_system", { enum: ["web", "android", "ios"] }).notNull(),
    deactivatedAt: at("deactivated_at"),
    createdAt: createdAt(),
  },
  (t) => [index("devices_customer").on(t.customerId)],
);

export const customerNotices = pgTable(
  "customer_notices",
  {
    id: id(),
    customerId: uuid("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    readAt: at("read_at"),
  },
  (t) => [index("customer_notices_customer").on(t.customerId)],
);
