import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { PartnerCallbackBody } from "@pinjaman/contracts/partners";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { DECIDED_STATUSES } from "./partner-applications.ts";

/**
 * Signed callbacks to partners (decision 0032). When the application of
 * a lead or a purchase reaches a decided status, one callback row is stored per (subject, status)
 * (a unique index: found twice, stored once); the `partner-callbacks` job sends the due ones and
 * retries a failure with growing delays. The partner checks
 * `X-Pinjaman-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` and
 * de-duplicates on the body's `id` (also in X-Pinjaman-Callback-Id).
 */
export const SIGNATURE_HEADER = "x-pinjaman-signature";
export const CALLBACK_ID_HEADER = "x-pinjaman-callback-id";
/** Delays after the 1st, 2nd, … failed attempt; after the last one the callback is given up (failed). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A sender holds a callback this long while it sends (another process skips it meanwhile). */
const LEASE_MS = 2 * 60_000;
const TIMEOUT_MS = 10_000;

export function signCallback(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`, "utf8").digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/** Stores a callback for every lead and purchase whose application was decided and not yet told; returns how many. */
export async function collectCallbacks(db: Db, now = new Date()): Promise<number> {
  const a = schema.accountApplications;
  const leadRows = await db
    .select({ partnerId: schema.leads.partnerId, subjectId: schema.leads.id, externalId: schema.leads.externalId, appId: a.id, status: a.status, amount: a.amount, term: a.term, reason: a.rejectionReason })
    .from(schema.leads)
    .innerJoin(a, eq(a.flowProgressId, schema.leads.flowProgressId))
    .where(and(isNotNull(schema.leads.flowProgressId), inArray(a.status, [...DECIDED_STATUSES])));
  const purchaseRows = await db
    .select({ partnerId: schema.purchases.partnerId, subjectId: schema.purchases.id, externalId: schema.purchases.externalId, appId: a.id, status: a.status, amount: a.amount, term: a.term, reason: a.rejectionReason })
    .from(schema.purchases)
    .innerJoin(a, eq(a.id, schema.purchases.accountApplicationId))
    .where(inArray(a.status, [...DECIDED_STATUSES]));
  const rows = [...leadRows.map((r) => ({ ...r, type: "lead" as const })), ...purchaseRows.map((r) => ({ ...r, type: "purchase" as const }))];
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(schema.partnerCallbacks)
    .values(
      rows.map((r) => {
        const id = randomUUID();
        const payload: Omit<PartnerCallbackBody, "sent_at"> = {
          id,
          type: r.type === "lead" ? "lead.decided" : "purchase.decided",
          subject_id: r.subjectId,
          external_id: r.externalId,
          application: { id: r.appId, status: r.status, amount: r.amount, term: r.term, rejection_reason: r.reason },
        };
        return { id, partnerId: r.partnerId, subjectType: r.type, subjectId: r.subjectId, status: r.status, payload, nextAttemptAt: now, createdAt: now };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: schema.partnerCallbacks.id });
  return inserted.length;
}

export type CallbackSender = typeof fetch;

/**
 * Sends the due callbacks (pending, next attempt reached). Each is leased first by a conditional
 * update, so two processes never send one at once; a 2xx answer delivers it, anything else (an
 * error, a timeout, a non-2xx) schedules the next attempt or, after the last, marks it failed.
 */
export async function deliverDueCallbacks(db: Db, options: { now?: Date; send?: CallbackSender; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const send = options.send ?? fetch;
  const c = schema.partnerCallbacks;
  const due = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.state, "pending"), lte(c.nextAttemptAt, now)))
    .orderBy(asc(c.nextAttemptAt))
    .limit(options.limit ?? 50);
  const results: { id: string; delivered: boolean; error: string | null }[] = [];
  for (const { id } of due) {
    const [leased] = await db
      .update(c)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(c.id, id), eq(c.state, "pending"), lte(c.nextAttemptAt, now)))
      .returning();
    if (!leased) continue;
    const [partner] = await db.select({ url: schema.partners.callbackUrl, secret: schema.partners.callbackSecret }).from(schema.partners).where(eq(schema.partners.id, leased.partnerId));
    const body = JSON.stringify({ ...leased.payload, sent_at: now.toISOString() });
    let error: string | null = null;
    try {
      const response = await send(partner!.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [SIGNATURE_HEADER]: signCallback(partner!.secret, body, Math.floor(now.getTime() / 1000)),
          [CALLBACK_ID_HEADER]: leased.id,
          "user-agent": "Pinjaman-Callbacks/1",
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status < 200 || response.status >= 300) error = `HTTP ${response.status}`;
    } catch (caught) {
      error = caught instanceof Error ? caught.message.slice(0, 300) : "send failed";
    }
    const attempts = leased.attempts + 1;
    if (!error) {
      await db.update(c).set({ state: "delivered", attempts, deliveredAt: now, lastError: null }).where(eq(c.id, id));
    } else {
      const delay = RETRY_DELAYS_MS[attempts - 1];
      await db
        .update(c)
        .set(delay === undefined ? { state: "failed", attempts, lastError: error } : { attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + delay) })
        .where(eq(c.id, id));
    }
    results.push({ id, delivered: !error, error });
  }
  return results;
}

/** How many callbacks wait (for health or the back office). */
export async function pendingCallbacks(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.partnerCallbacks).where(eq(schema.partnerCallbacks.state, "pending"));
  return row?.n ?? 0;
}

/**
 * What a partner does on receipt (and the sandbox receiver does): recompute the HMAC over
 * "<t>.<raw body>", compare in constant time, and refuse a timestamp older than the tolerance.
 */
export function verifyCallbackSignature(secret: string, body: string, header: string | undefined, nowSeconds: number, toleranceSeconds = 300): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const ts = Number(match[1]);
  if (Math.abs(nowSeconds - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signCallback(secret, body, ts).slice(`t=${ts},v1=`.length), "hex");
  const given = Buffer.from(match[2]!, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
