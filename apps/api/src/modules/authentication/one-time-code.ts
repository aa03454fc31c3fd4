import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@pinjaman/db";
import { recordAudit, type RequestOrigin } from "../audit/audit-service.ts";
import { hashToken, matchesHash, newCode } from "../sessions/tokens.ts";
import { hitThrottle, refundThrottle, type ThrottleRule } from "../throttle/throttle-service.ts";

/** A second-factor or signature code lives 10 minutes. */
export const CODE_TTL_MINUTES = 10;
/** Wrong entries allowed per code; the last one fails the whole challenge. */
export const MAX_CODE_ATTEMPTS = 5;
/** A new code may be requested 60 s after the last one (spec: resend countdown 60 s). */
export const RESEND_AFTER_SECONDS = 60;
/** A challenge (login waiting for its code, signature) can be finished within 30 minutes. */
export const CHALLENGE_TTL_MINUTES = 30;

/**
 * Limits on wrong code entries per customer and per IP across the challenges of one purpose
 * (resends reset only per-code attempts). Each entry is counted before the comparison, so parallel
 * guesses cannot slip past; a right code takes its hits back. Each purpose counts on its own: wrong signature codes must never
 * lock a customer out of logging in, nor failed logins block a signature.
 */
export type CodeThrottles = { account: ThrottleRule; ip: ThrottleRule };
export type CodePurpose = "login_code" | "signature_code";

export function codeThrottles(purpose: CodePurpose): CodeThrottles {
  return {
    account: { name: `${purpose}:account`, limit: 10, windowSeconds: 15 * 60 },
    ip: { name: `${purpose}:ip`, limit: 30, windowSeconds: 15 * 60 },
  };
}

/**
 * The stored form of a code, bound to its challenge so one hash table cannot serve every row.
 * A 6-digit code cannot resist an offline search of its hash; it relies on the short life and the
 * attempt limits, and on the challenge still needing the password (login) or the session (signature).
 */
export function hashCode(challengeId: string, code: string): string {
  return hashToken(`${challengeId}:${code}`);
}

export function codeMatches(challengeId: string, code: string, storedHash: string | null): boolean {
  return matchesHash(`${challengeId}:${code}`, storedHash);
}

export function codeExpiry(now: Date): Date {
  return new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
}

/** The columns a new code sets on its challenge: its hash, its expiry, when it went out, no attempts yet. */
export function codeColumns(challengeId: string, code: string, now: Date) {
  return { codeHash: hashCode(challengeId, code), codeExpiresAt: codeExpiry(now), codeSentAt: now, codeAttempts: 0 };
}

/** Seconds until a new code may be sent (0 when allowed now). */
export function resendWait(codeSentAt: Date | null, now: Date): number {
  if (!codeSentAt) return 0;
  return Math.max(0, Math.ceil((codeSentAt.getTime() + RESEND_AFTER_SECONDS * 1000 - now.getTime()) / 1000));
}

export function challengeExpired(createdAt: Date, now: Date): boolean {
  return createdAt.getTime() + CHALLENGE_TTL_MINUTES * 60_000 <= now.getTime();
}

/**
 * A table of code challenges (logins waiting for their code, signatures): the columns each has,
 * the status of a challenge still waiting for its code, and how its state reads to a caller.
 */
export type CodeChallengeTable<Status extends string, Closed> = {
  table: PgTable;
  columns: {
    id: AnyPgColumn;
    status: AnyPgColumn;
    codeHash: AnyPgColumn;
    codeExpiresAt: AnyPgColumn;
    codeSentAt: AnyPgColumn;
    codeAttempts: AnyPgColumn;
  };
  /** The status while the code is awaited. */
  pending: Status;
  /** What a challenge no longer waiting for its code answers (null while it waits). */
  closed: (status: Status) => Closed | null;
  /** The columns set when the last wrong code fails the challenge. */
  failedSet: (now: Date) => Record<string, unknown>;
  /** The audit detail naming the challenge. */
  auditKey: string;
  /** This purpose's own code entry limits. */
  throttles: CodeThrottles;
};

/** The state of a challenge as read again after losing a race. */
type Reread<Status extends string> = { status: Status; codeAttempts: number; codeSentAt: Date | null } | null;

/** The ways a code entry is refused while its challenge stays open (or fails by it). */
export type CodeRefusal =
  | { kind: "code_expired" }
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "wrong"; attemptsLeft: number }
  | { kind: "exhausted" };

function pendingRow<Status extends string>(spec: CodeChallengeTable<Status, unknown>, id: string) {
  return and(eq(spec.columns.id, id), eq(spec.columns.status, spec.pending));
}

/** Marks a challenge that outlived CHALLENGE_TTL_MINUTES as expired; answers its current status. */
export async function expireStale<Status extends string>(
  db: Db,
  spec: CodeChallengeTable<Status, unknown>,
  row: { id: string; status: Status; createdAt: Date },
  now: Date,
): Promise<Status | "expired"> {
  if (row.status === spec.pending && challengeExpired(row.createdAt, now)) {
    await db.update(spec.table).set({ status: "expired" }).where(pendingRow(spec, row.id));
    return "expired";
  }
  return row.status;
}

/**
 * What a challenge no longer waiting for its code answers (expiring it first if it outlived
 * CHALLENGE_TTL_MINUTES), or null while it still waits.
 */
export async function closedChallenge<Status extends string, Closed>(
  db: Db,
  spec: CodeChallengeTable<Status | "expired", Closed>,
  row: { id: string; status: Status | "expired"; createdAt: Date },
  now: Date,
): Promise<Closed | null> {
  return spec.closed(await expireStale(db, spec, row, now));
}

/**
 * Checks a code against an open challenge. The attempt is counted by one conditional update before
 * comparing, so parallel guesses cannot exceed MAX_CODE_ATTEMPTS; the last wrong one fails the
 * challenge. "matched" leaves completing the challenge to the caller.
 */
export async function checkCode<Status extends string, Closed>(
  db: Db,
  origin: RequestOrigin,
  spec: CodeChallengeTable<Status, Closed>,
  input: {
    id: string;
    code: string;
    customerId: string;
    codeExpiresAt: Date | null;
    /** Reads the challenge again (null when it is gone). */
    reread: () => Promise<Reread<Status>>;
    /** Runs after the last wrong code failed the challenge, before the attempt is audited. */
    onExhausted?: () => Promise<void>;
  },
  now: Date,
): Promise<Closed | { kind: "not_found" } | { kind: "failed" } | CodeRefusal | { kind: "matched" }> {
  if (!input.codeExpiresAt || input.codeExpiresAt <= now) return { kind: "code_expired" };

  const ipHit = await hitThrottle(db, spec.throttles.ip, origin.ip, now);
  const accountHit = ipHit.blocked ? null : await hitThrottle(db, spec.throttles.account, input.customerId, now);
  if (!accountHit || accountHit.blocked) return { kind: "throttled", retryAfterSeconds: (accountHit ?? ipHit).retryAfterSeconds };

  const { columns } = spec;
  const [attempt] = (await db
    .update(spec.table)
    .set({ codeAttempts: sql`${columns.codeAttempts} + 1` })
    .where(and(pendingRow(spec, input.id), lt(columns.codeAttempts, MAX_CODE_ATTEMPTS), gt(columns.codeExpiresAt, now)))
    .returning({ attempts: columns.codeAttempts, codeHash: columns.codeHash })) as { attempts: number; codeHash: string | null }[];
  if (!attempt) {
    // Another request changed it between the read and the update: answer what it is now.
    const again = await input.reread();
    const state = again ? spec.closed(again.status) : { kind: "not_found" as const };
    return state ?? (again && again.codeAttempts >= MAX_CODE_ATTEMPTS ? { kind: "failed" } : { kind: "code_expired" });
  }

  if (!codeMatches(input.id, input.code, attempt.codeHash)) {
    const exhausted = attempt.attempts >= MAX_CODE_ATTEMPTS;
    if (exhausted) {
      await db.update(spec.table).set(spec.failedSet(now)).where(pendingRow(spec, input.id));
      await input.onExhausted?.();
    }
    await recordAudit(db, origin, "code_failed", input.customerId, { [spec.auditKey]: input.id, attempts: attempt.attempts, exhausted });
    return exhausted ? { kind: "exhausted" } : { kind: "wrong", attemptsLeft: MAX_CODE_ATTEMPTS - attempt.attempts };
  }
  // Only wrong codes count: the right one takes its hits back.
  await refundThrottle(db, spec.throttles.ip, origin.ip);
  await refundThrottle(db, spec.throttles.account, input.customerId);
  return { kind: "matched" };
}

/**
 * A new code for an open challenge (attempts start again) once RESEND_AFTER_SECONDS have passed
 * since the last; sending it is the caller's.
 */
export async function reissueCode<Status extends string, Closed>(
  db: Db,
  spec: CodeChallengeTable<Status, Closed>,
  input: { id: string; reread: () => Promise<Reread<Status>> },
  now: Date,
): Promise<Closed | { kind: "not_found" } | { kind: "too_early"; retryAfterSeconds: number } | { kind: "reissued"; code: string }> {
  const { columns } = spec;
  const code = newCode();
  const allowedBefore = new Date(now.getTime() - RESEND_AFTER_SECONDS * 1000);
  const [updated] = await db
    .update(spec.table)
    .set(codeColumns(input.id, code, now))
    .where(
      and(
        pendingRow(spec, input.id),
        sql`(${columns.codeSentAt} is null or ${columns.codeSentAt} <= ${allowedBefore.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: columns.id });
  if (!updated) {
    const again = await input.reread();
    const state = again ? spec.closed(again.status) : { kind: "not_found" as const };
    return state ?? { kind: "too_early", retryAfterSeconds: Math.max(1, resendWait(again?.codeSentAt ?? now, now)) };
  }
  return { kind: "reissued", code };
}
