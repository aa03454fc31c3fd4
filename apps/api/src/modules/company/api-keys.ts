import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { API_KEY_SCOPES, type ApiKeyScope } from "@pinjaman/db/api-key-schema";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { SANDBOX_COMPANY_API_KEY } from "../../config.ts";

/**
 * Company API keys (decision 0023): `pjk_` + 43 base64url characters (256 random bits). Only the
 * SHA-256 is stored and a key is found by it through a unique index, so no stored secret is
 * compared byte by byte and a wrong key takes the same single lookup as a right one.
 */
const KEY_PREFIX = "pjk_";
/** How much of a key is shown in lists: the marker and 8 random characters. */
const VISIBLE = KEY_PREFIX.length + 8;
/** last_used_at is written at most once per this interval per key (a hot key costs no write per call). */
export const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiKeyRow = typeof schema.apiKeys.$inferSelect;
export type CallingKey = Pick<ApiKeyRow, "id" | "name" | "prefix" | "scopes">;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Stores a new key; the key itself is returned once and never again. */
export async function createApiKey(db: Db, input: { name: string; scopes: readonly ApiKeyScope[] }, key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`) {
  const [row] = await db
    .insert(schema.apiKeys)
    .values({ name: input.name, prefix: key.slice(0, VISIBLE), keyHash: hashApiKey(key), scopes: [...new Set(input.scopes)] })
    .returning();
  return { key, row: row! };
}

export async function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.select().from(schema.apiKeys).orderBy(asc(schema.apiKeys.createdAt), asc(schema.apiKeys.id));
}

/** Revokes the keys with this id or visible prefix; returns the ones it revoked (none when already revoked). */
export async function revokeApiKey(db: Db, idOrPrefix: string): Promise<ApiKeyRow[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPrefix);
  return db
    .update(schema.apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(uuid ? eq(schema.apiKeys.id, idOrPrefix) : eq(schema.apiKeys.prefix, idOrPrefix), isNull(schema.apiKeys.revokedAt)))
    .returning();
}

/** The unrevoked key a caller presented, recording its use; null for an unknown or revoked key. */
export async function findCallingKey(db: Db, key: string): Promise<CallingKey | null> {
  const [row] = await db
    .select({ id: schema.apiKeys.id, name: schema.apiKeys.name, prefix: schema.apiKeys.prefix, scopes: schema.apiKeys.scopes, lastUsedAt: schema.apiKeys.lastUsedAt })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.keyHash, hashApiKey(key)), isNull(schema.apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // Conditional, so concurrent calls of one key write once per interval.
    await db
      .update(schema.apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(schema.apiKeys.id, row.id),
          or(isNull(schema.apiKeys.lastUsedAt), lt(schema.apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_RESOLUTION_MS / 1000})`)),
        ),
      );
  }
  const { lastUsedAt: _, ...calling } = row;
  return calling;
}

/** The documented sandbox key (README) with every scope, stored at each sandbox start if missing. */
export async function ensureSandboxApiKey(db: Db): Promise<boolean> {
  const inserted = await db
    .insert(schema.apiKeys)
    .values({ name: "Sandbox", prefix: SANDBOX_COMPANY_API_KEY.slice(0, VISIBLE), keyHash: hashApiKey(SANDBOX_COMPANY_API_KEY), scopes: [...API_KEY_SCOPES] })
    .onConflictDoNothing()
    .returning({ id: schema.apiKeys.id });
  return inserted.length > 0;
}
