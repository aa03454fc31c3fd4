import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/authy";

/** A fixed-window limit: at most `limit` hits per `windowSeconds` for one subject. */
export type ThrottleRule = { name: string; limit: number; windowSeconds: number };

export type ThrottleHit = {
  /** Hits in the current window, this one included. */
  count: number;
  /** True once the count is over the limit: the caller must refuse. */
  blocked: boolean;
  /** Seconds until the window ends (at least 1): the Retry-After of a refusal. */
  retryAfterSeconds: number;
};

const MAX_WINDOW_SECONDS = 24 * 60 * 60;

function key(rule: ThrottleRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

function retryAfter(windowStartedAt: Date, rule: ThrottleRule, now: Date): number {
  const endsAt = windowStartedAt.getTime() + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/**
 * Counts one hit with a single `insert … on conflict do update`, so every server process sharing
 * the database sees the same count and two concurrent hits can never both read the old value.
 * A window that has ended restarts at 1. Hits are counted before the guarded work runs (a
 * password check, a code comparison), so a burst of parallel requests cannot slip past the limit.
 */
export async function hitThrottle(db: Db, rule: ThrottleRule, subject: string, now = new Date()): Promise<ThrottleHit> {
  const nowIso = now.toISOString();
  const windowFloor = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  const stale = sql`${schema.throttles.windowStartedAt} <= ${windowFloor}::timestamptz`;
  const [row] = await db
    .insert(schema.throttles)
    .values({ key: key(rule, subject), windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: schema.throttles.key,
      set: {
        count: sql`case when ${stale} then 1 else ${schema.throttles.count} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${nowIso}::timestamptz else ${schema.throttles.windowStartedAt} end`,
      },
    })
    .returning({ count: schema.throttles.count, windowStartedAt: schema.throttles.windowStartedAt });
  if (!row) throw new Error("throttle not stored");
  // Ended windows are kept until a later hit reuses them; now and then drop the day-old ones.
  if (Math.random() < 0.01) await pruneThrottles(db, now);
  return { count: row.count, blocked: row.count > rule.limit, retryAfterSeconds: retryAfter(row.windowStartedAt, rule, now) };
}

/** Hits so far in the current window (0 when none or the window has ended); changes nothing. */
export async function peekThrottle(db: Db, rule: ThrottleRule, subject: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: schema.throttles.count, windowStartedAt: schema.throttles.windowStartedAt })
    .from(schema.throttles)
    .where(eq(schema.throttles.key, key(rule, subject)))
    .limit(1);
  if (!row || row.windowStartedAt.getTime() + rule.windowSeconds * 1000 <= now.getTime()) return 0;
  return row.count;
}

/** Takes back one hit, e.g. when the guarded attempt succeeded and only failures should count. */
export async function refundThrottle(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  await db
    .update(schema.throttles)
    .set({ count: sql`greatest(${schema.throttles.count} - 1, 0)` })
    .where(eq(schema.throttles.key, key(rule, subject)));
}

/** Forgets a subject's hits (a successful login or a new password clears the account's failures). */
export async function clearThrottle(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  await db.delete(schema.throttles).where(eq(schema.throttles.key, key(rule, subject)));
}

export async function pruneThrottles(db: Db, now = new Date()): Promise<void> {
  await db.delete(schema.throttles).where(lt(schema.throttles.windowStartedAt, new Date(now.getTime() - MAX_WINDOW_SECONDS * 1000)));
}

/** "42 detik" (up to 90 s) or "15 menit": when a refused caller may try again, in words. */
export function waitText(seconds: number): string {
  return seconds <= 90 ? t("authy.wait.seconds", { n: Math.max(1, seconds) }) : t("authy.wait.minutes", { n: Math.ceil(seconds / 60) });
}
