import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { hashToken, newToken } from "./tokens.ts";

/** How long a session lives; the site refreshes it 10 minutes before the end (spec section 4). */
export const SESSION_TTL_MINUTES = 60;

export type IssuedSession = { id: string; token: string; expiresAt: Date; authenticationId: string };

export type ActiveSession = {
  id: string;
  customerId: string;
  authenticationId: string;
  expiresAt: Date;
  roleIds: string[];
};

function expiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_TTL_MINUTES * 60_000);
}

export async function createSession(
  db: Db,
  input: { customerId: string; authenticationId: string },
  now = new Date(),
): Promise<IssuedSession> {
  const token = newToken();
  const [row] = await db
    .insert(schema.sessions)
    .values({ ...input, tokenHash: hashToken(token), expiresAt: expiry(now) })
    .returning({ id: schema.sessions.id, expiresAt: schema.sessions.expiresAt });
  if (!row) throw new Error("session not stored");
  return { id: row.id, token, expiresAt: row.expiresAt, authenticationId: input.authenticationId };
}

function buildSessionLookup(db: Db) {
  const roles = db
    .select({ ids: sql<string[]>`coalesce(array_agg(${schema.customerRoles.id}::text), '{}')`.as("ids") })
    .from(schema.customerRoles)
    .where(eq(schema.customerRoles.customerId, schema.sessions.customerId));
  return db
    .select({
      id: schema.sessions.id,
      customerId: schema.sessions.customerId,
      authenticationId: schema.sessions.authenticationId,
      expiresAt: schema.sessions.expiresAt,
      roleIds: sql<string[]>`(${roles})`,
    })
    .from(schema.sessions)
    .where(
      and(
        sql`${schema.sessions.tokenHash} = ${sql.placeholder("tokenHash")}`,
        isNull(schema.sessions.revokedAt),
        sql`${schema.sessions.expiresAt} > ${sql.placeholder("now")}::timestamptz`,
      ),
    )
    .limit(1)
    .prepare("active_session");
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

/**
 * The unexpired, unrevoked session a token belongs to, with its customer's role ids: one prepared
 * query, as every authenticated call starts with it.
 */
export async function findActiveSession(db: Db, token: string, now = new Date()): Promise<ActiveSession | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = buildSessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash: hashToken(token), now: now.toISOString() });
  return row ?? null;
}

/** Refresh: a new token and expiry for the same session; the old token stops working at once. */
export async function rotateSession(db: Db, sessionId: string, now = new Date()): Promise<IssuedSession | null> {
  const token = newToken();
  const [row] = await db
    .update(schema.sessions)
    .set({ tokenHash: hashToken(token), expiresAt: expiry(now), refreshedAt: now })
    .where(and(eq(schema.sessions.id, sessionId), isNull(schema.sessions.revokedAt), gt(schema.sessions.expiresAt, now)))
    .returning({ id: schema.sessions.id, expiresAt: schema.sessions.expiresAt, authenticationId: schema.sessions.authenticationId });
  return row ? { ...row, token } : null;
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(schema.sessions)
    .set({ revokedAt: now })
    .where(and(eq(schema.sessions.id, sessionId), isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id });
  return rows.length > 0;
}

/** Ends every live session of a customer (a new password logs out everywhere). */
export async function revokeCustomerSessions(db: Db, customerId: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(schema.sessions)
    .set({ revokedAt: now })
    .where(and(eq(schema.sessions.customerId, customerId), isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id });
  return rows.length;
}

/** What the page may know of a session (contracts sessionInfo): never the token. */
export function sessionInfo(session: { id: string; expiresAt: Date; authenticationId: string }) {
  return { id: session.id, expires_at: session.expiresAt.getTime(), authentication_id: session.authenticationId };
}
