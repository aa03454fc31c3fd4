import { randomBytes } from "node:crypto";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { hashApiKey, LAST_USED_RESOLUTION_MS } from "../company/api-keys.ts";

/**
 * Partner API keys (decision 0032): like company keys (decision 0023) —
 * 256 random bits, only the SHA-256 kept, found by a unique index — but in their own table, each
 * bound to one partner, marked `pjp_` so a company key and a partner key are told apart at a glance.
 */
const KEY_PREFIX = "pjp_";
const VISIBLE = KEY_PREFIX.length + 8;

/** The documented sandbox partner (README "Partners"): its key opens the partner API in the sandbox only. */
export const SANDBOX_PARTNER = {
  name: "Toko Sandbox",
  legalName: "PT Toko Sandbox Indonesia",
  contactEmail: "mitra@pinjaman.test",
  key: "pjp_sandboxPartnerKey-NotForProduction",
  callbackSecret: "sandbox-callback-secret-not-for-production",
  /** Where its purchases' loans are paid (the sandbox bank pays any account). */
  settlement: { settlementBankCode: "bca", settlementAccountNumber: "8800112233", settlementAccountName: "PT Toko Sandbox Indonesia" },
} as const;

export type CallingPartner = { partnerId: string; keyId: string; prefix: string };

export function newCallbackSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Issues a new key for a partner, revoking its older ones (a rotation); the key is returned once. */
export async function issuePartnerKey(db: Db, partnerId: string, key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`) {
  await db.update(schema.partnerApiKeys).set({ revokedAt: sql`now()` }).where(and(eq(schema.partnerApiKeys.partnerId, partnerId), isNull(schema.partnerApiKeys.revokedAt)));
  const [row] = await db.insert(schema.partnerApiKeys).values({ partnerId, prefix: key.slice(0, VISIBLE), keyHash: hashApiKey(key) }).returning();
  return { key, row: row! };
}

/** The partner behind an unrevoked key, recording its use (at most once a minute); null otherwise. */
export async function findPartnerKey(db: Db, key: string): Promise<CallingPartner | null> {
  const k = schema.partnerApiKeys;
  const [row] = await db
    .select({ keyId: k.id, partnerId: k.partnerId, prefix: k.prefix, lastUsedAt: k.lastUsedAt })
    .from(k)
    .where(and(eq(k.keyHash, hashApiKey(key)), isNull(k.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(k)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(k.id, row.keyId), or(isNull(k.lastUsedAt), lt(k.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_RESOLUTION_MS / 1000})`))));
  }
  return { partnerId: row.partnerId, keyId: row.keyId, prefix: row.prefix };
}

/**
 * Stores the sandbox partner, its settlement account and its documented key when missing; true
 * when it was stored now. A sandbox partner stored before settlement accounts gets its account.
 */
export async function ensureSandboxPartner(db: Db, callbackUrl: string): Promise<boolean> {
  const [known] = await db
    .select({ partnerId: schema.partnerApiKeys.partnerId })
    .from(schema.partnerApiKeys)
    .where(eq(schema.partnerApiKeys.keyHash, hashApiKey(SANDBOX_PARTNER.key)));
  if (known) {
    await db
      .update(schema.partners)
      .set(SANDBOX_PARTNER.settlement)
      .where(and(eq(schema.partners.id, known.partnerId), isNull(schema.partners.settlementBankCode)));
    return false;
  }
  return db.transaction(async (tx) => {
    const [partner] = await tx
      .insert(schema.partners)
      .values({ name: SANDBOX_PARTNER.name, legalName: SANDBOX_PARTNER.legalName, contactEmail: SANDBOX_PARTNER.contactEmail, callbackUrl, callbackSecret: SANDBOX_PARTNER.callbackSecret, ...SANDBOX_PARTNER.settlement })
      .returning({ id: schema.partners.id });
    await tx.insert(schema.partnerApiKeys).values({ partnerId: partner!.id, prefix: SANDBOX_PARTNER.key.slice(0, VISIBLE), keyHash: hashApiKey(SANDBOX_PARTNER.key) });
    return true;
  });
}
