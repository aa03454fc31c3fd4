import { businessDateOf, businessInstant } from "@pinjaman/domain/business-clock";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { sql } from "drizzle-orm";

/** The books' "now": read it here, never from `new Date()`, in anything that touches loans. */
export type BusinessNow = {
  /** The business instant. */
  at: Date;
  /** Today's business date, `yyyy-mm-dd` (Asia/Jakarta). */
  date: string;
  /** Days the sandbox clock runs ahead (0 outside the sandbox). */
  offsetDays: number;
};

function nowOf(real: Date, offsetDays: number): BusinessNow {
  const at = businessInstant(real, offsetDays);
  return { at, date: businessDateOf(at), offsetDays };
}

/** The stored offset (0 when the clock was never moved). */
export async function clockOffsetDays(db: Db): Promise<number> {
  const [row] = await db.select({ offsetDays: schema.businessClock.offsetDays }).from(schema.businessClock);
  return row?.offsetDays ?? 0;
}

/**
 * The business date and time now. `sandbox` false ignores any stored offset: outside the sandbox
 * the books always live at the real date.
 */
export async function businessNow(db: Db, options: { sandbox: boolean; real?: Date }): Promise<BusinessNow> {
  const real = options.real ?? new Date();
  return nowOf(real, options.sandbox ? await clockOffsetDays(db) : 0);
}

/**
 * Moves the sandbox clock one day forward in one statement (two testers moving it at once each
 * get their own day) and answers the span it skipped: (from, to].
 */
export async function moveClockOneDay(db: Db, real: Date): Promise<{ from: BusinessNow; to: BusinessNow }> {
  const [row] = await db
    .insert(schema.businessClock)
    .values({ id: 1, offsetDays: 1 })
    .onConflictDoUpdate({
      target: schema.businessClock.id,
      set: { offsetDays: sql`${schema.businessClock.offsetDays} + 1`, movedAt: sql`now()` },
    })
    .returning({ offsetDays: schema.businessClock.offsetDays });
  if (!row) throw new Error("business clock not stored");
  return { from: nowOf(real, row.offsetDays - 1), to: nowOf(real, row.offsetDays) };
}
