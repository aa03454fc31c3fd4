import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./auth-schema.ts";

/**
 * Every staff action that changes something or reads a customer's personal data (decision 0026):
 * who, when, under which permission, on what, the state before and after, and why. Append-only;
 * kept when the staff member's or the customer's row goes (no cascade).
 */
export const staffActions = pgTable(
  "staff_actions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    permission: text("permission").notNull(),
    /** What was done, e.g. "application.approve", "customer.view". */
    action: text("action").notNull(),
    /** The kind of thing acted on ("account_application", "customer", ...) and its id. */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    ip: text("ip").notNull(),
    requestId: text("request_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_actions_staff").on(t.staffId, t.createdAt),
    index("staff_actions_subject").on(t.subjectType, t.subjectId),
    index("staff_actions_created").on(t.createdAt),
  ],
);
