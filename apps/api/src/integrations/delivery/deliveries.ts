import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { renderMail } from "./mail-template.ts";
import type { DeliveryProviders, SendResult } from "./transports.ts";

export type Delivery = typeof schema.deliveries.$inferSelect;
export type DeliveryOutcome = "sent" | "retry_later" | "failed" | "not_due";

/** How long one process holds a delivery while it talks to the provider. */
const CLAIM_SECONDS = 120;

/** Minutes before attempt n + 1 after n failed ones: 1, 2, 4, 8, 16, … capped at 6 hours. */
export function deliveryRetryDelayMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360);
}

/** Queues a mail: both parts rendered now from the catalogue's layout, so a retry sends the same words. */
export async function queueMail(db: Db, message: { to: string; subject: string; body: string }): Promise<string> {
  const mail = renderMail({ subject: message.subject, body: message.body });
  return insert(db, { channel: "mail", recipient: message.to, subject: mail.subject, body: mail.text, html: mail.html });
}

export function queueSms(db: Db, message: { to: string; body: string }): Promise<string> {
  return insert(db, { channel: "sms", recipient: message.to, body: message.body });
}

export function queuePush(db: Db, message: { token: string; title: string; body: string; data?: Record<string, string> }): Promise<string> {
  return insert(db, { channel: "push", recipient: message.token, subject: message.title, body: message.body, data: message.data ?? null });
}

async function insert(db: Db, values: typeof schema.deliveries.$inferInsert): Promise<string> {
  // Due from this process's clock, which the attempts compare against: the database's now() may be
  // ahead of it (another machine, or microseconds against milliseconds) and delay the first try.
  const [row] = await db.insert(schema.deliveries).values({ ...values, nextAttemptAt: new Date() }).returning({ id: schema.deliveries.id });
  return row!.id;
}

/**
 * Claims a queued delivery that is due for one attempt: one conditional UPDATE counts the attempt
 * and sets a lease, so of two processes only one calls the provider. Null when it is not due,
 * not queued, or held by another process.
 */
async function claim(db: Db, id: string, now: Date): Promise<Delivery | null> {
  const [row] = await db
    .update(schema.deliveries)
    .set({ attempts: sql`${schema.deliveries.attempts} + 1`, claimedUntil: sql`clock_timestamp() + make_interval(secs => ${CLAIM_SECONDS})`, updatedAt: new Date() })
    .where(
      sql`${schema.deliveries.id} = ${id} and ${schema.deliveries.status} = 'queued' and ${schema.deliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz
        and (${schema.deliveries.claimedUntil} is null or ${schema.deliveries.claimedUntil} < clock_timestamp())`,
    )
    .returning();
  return row ?? null;
}

function send(providers: DeliveryProviders, d: Delivery): Promise<SendResult> {
  switch (d.channel) {
    case "mail":
      return providers.mail.send({ to: d.recipient, subject: d.subject, text: d.body, html: d.html ?? "" });
    case "sms":
      return providers.sms.send({ to: d.recipient, text: d.body });
    case "push":
      if (!providers.push) return Promise.resolve({ ok: false, retryable: false, error: "push is not configured (PUSH_PROVIDER)" });
      return providers.push.send({ token: d.recipient, title: d.subject, body: d.body, ...(d.data ? { data: d.data } : {}) });
  }
}

function providerName(providers: DeliveryProviders, d: Delivery): string | null {
  return d.channel === "mail" ? providers.mail.provider : d.channel === "sms" ? providers.sms.provider : (providers.push?.provider ?? null);
}

/**
 * One attempt at a delivery: claim it, call the provider outside any transaction, record the
 * answer. Sent → status sent with the provider's message id; refused for good, or for the
 * maxAttempts-th time → failed; otherwise queued again after a doubling delay. A crash between
 * the provider's yes and the record leaves it queued: the lease runs out and it is sent again
 * (at least once: a duplicate code is harmless, a lost one is not).
 */
export async function attemptDelivery(db: Db, providers: DeliveryProviders, id: string, now = new Date()): Promise<DeliveryOutcome> {
  const claimed = await claim(db, id, now);
  if (!claimed) return "not_due";
  const answer = await send(providers, claimed).catch((error: unknown): SendResult => ({ ok: false, retryable: true, error: `provider call failed: ${(error as Error).message}` }));
  const provider = providerName(providers, claimed);
  const done = { claimedUntil: null, provider, updatedAt: new Date() };
  // Once delivered or given up, the words go: they hold sign-in codes and password links that
  // must not outlive their purpose in a table (UU PDP); who, what subject, when and how stay.
  const forget = { body: "", html: null, data: null };
  if (answer.ok) {
    await db
      .update(schema.deliveries)
      .set({ ...done, ...forget, status: "sent", providerMessageId: answer.providerMessageId, sentAt: new Date() })
      .where(eq(schema.deliveries.id, id));
    return "sent";
  }
  if (!answer.retryable || claimed.attempts >= providers.maxAttempts) {
    await db.update(schema.deliveries).set({ ...done, ...forget, status: "failed", lastError: answer.error }).where(eq(schema.deliveries.id, id));
    // A token Firebase no longer knows belongs to an uninstalled app: stop pushing to it.
    if (claimed.channel === "push" && /UNREGISTERED/.test(answer.error)) {
      await db.update(schema.devices).set({ deactivatedAt: new Date() }).where(and(eq(schema.devices.token, claimed.recipient), isNull(schema.devices.deactivatedAt)));
    }
    return "failed";
  }
  const next = new Date(now.getTime() + deliveryRetryDelayMinutes(claimed.attempts) * 60_000);
  await db.update(schema.deliveries).set({ ...done, lastError: answer.error, nextAttemptAt: next }).where(eq(schema.deliveries.id, id));
  return "retry_later";
}

/** Providers are called this many at a time by one run: a slow SMTP relay does not hold up the rest for long. */
const PARALLEL_ATTEMPTS = 5;

/** Days a delivered or failed message's record is kept (support's "did it leave?"), then deleted. */
export const DELIVERY_RECORD_DAYS = 90;

/** Deletes the records of messages sent, delivered, undelivered or failed more than DELIVERY_RECORD_DAYS ago; answers how many. */
export async function pruneDeliveries(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RECORD_DAYS * 86_400_000);
  const gone = await db
    .delete(schema.deliveries)
    .where(and(sql`${schema.deliveries.status} in ('sent', 'failed', 'delivered', 'undelivered')`, lte(schema.deliveries.updatedAt, before)))
    .returning({ id: schema.deliveries.id });
  return gone.length;
}

/** Every queued delivery due at `now` (oldest first, up to `limit`), one attempt each, a few at a time. */
export async function runDueDeliveries(db: Db, providers: DeliveryProviders, now = new Date(), limit = 200): Promise<DeliveryOutcome[]> {
  const due = await db
    .select({ id: schema.deliveries.id })
    .from(schema.deliveries)
    .where(
      and(
        eq(schema.deliveries.status, "queued"),
        lte(schema.deliveries.nextAttemptAt, now),
        or(isNull(schema.deliveries.claimedUntil), sql`${schema.deliveries.claimedUntil} < clock_timestamp()`),
      ),
    )
    .orderBy(asc(schema.deliveries.nextAttemptAt))
    .limit(limit);
  const outcomes: DeliveryOutcome[] = [];
  for (let i = 0; i < due.length; i += PARALLEL_ATTEMPTS) {
    const batch = due.slice(i, i + PARALLEL_ATTEMPTS);
    outcomes.push(...(await Promise.all(batch.map(({ id }) => attemptDelivery(db, providers, id, now)))));
  }
  return outcomes;
}
