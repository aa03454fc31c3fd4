import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountApplications } from "./loan-schema.ts";

/**
 * Every status change of an application, an account or an investment (decision 0010): who moved
 * it, from what, by which event and why. Append-only; a record created in a status has a row
 * with from_status null. The subject is named by type and id (no foreign key: three tables).
 */
export const statusTransitions = pgTable(
  "status_transitions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    subjectType: text("subject_type", { enum: ["account_application", "account", "investment"] }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    event: text("event").notNull(),
    actorKind: text("actor_kind", { enum: ["customer", "system", "operator"] }).notNull(),
    /** The customer (borrower or operator) who acted; null for the system. */
    actorId: uuid("actor_id"),
    reason: text("reason"),
    /** The moment itself (clock_timestamp). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /**
     * The order of recording: transitions of one subject in one transaction can share a
     * millisecond (PGlite's clock resolution), so history is read in this order, not by time.
     */
    sequence: bigint("sequence", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [index("status_transitions_subject").on(t.subjectType, t.subjectId, t.createdAt)],
);

/** The automatic decision on a submitted application: each rule's outcome with what it measured. */
export const applicationDecisions = pgTable(
  "application_decisions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountApplicationId: uuid("account_application_id")
      .notNull()
      .references(() => accountApplications.id),
    outcome: text("outcome", { enum: ["approve", "reject", "refer"] }).notNull(),
    riskGrade: text("risk_grade", { enum: ["A", "B", "C", "D", "E"] }),
    /** [{ key, passed, measured, threshold, source }] in rule order (packages/domain/src/decision). */
    rules: jsonb("rules").$type<unknown[]>().notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_decisions_application").on(t.accountApplicationId)],
);
