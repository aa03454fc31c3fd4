import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The sandbox's business clock: one row, how many whole days the books run ahead of the real
 * date. Only ever moved forward (0 and no row: the real date). Outside the sandbox never written.
 */
export const businessClock = pgTable(
  "business_clock",
  {
    id: smallint("id").primaryKey().default(1),
    offsetDays: integer("offset_days").notNull().default(0),
    movedAt: at("moved_at").notNull().defaultNow(),
  },
  (t) => [check("business_clock_one_row", sql`${t.id} = 1`), check("business_clock_forward", sql`${t.offsetDays} >= 0`)],
);

/**
 * Each job's runs, one row per occurrence (a business date, or a date and slot for jobs that run
 * every few minutes). Written in the same transaction as the job's work: the row is the proof the
 * work was done, so a second runner, a retry or a restart finds it and does nothing.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    jobName: text("job_name").notNull(),
    occurrence: text("occurrence").notNull(),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    ranAt: at("ran_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobName, t.occurrence] })],
);
