import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A message to a customer through a real provider (decision 0028): e-mail over
 * SMTP, SMS through the SMS gateway, push through FCM. Queued by the request or job that wants it
 * sent, delivered by the delivery job (and once at once by the process that queued it), retried
 * with a doubling delay, and kept with its outcome: status, attempts, the provider's message id
 * and the last error. The sandbox never writes here: it stores into outbox_messages.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    channel: text("channel", { enum: ["mail", "sms", "push"] }).notNull(),
    /** E-mail address, phone number (+62…), or the device's FCM registration token. */
    recipient: text("recipient").notNull(),
    /** Mail subject or push title; empty for SMS. */
    subject: text("subject").notNull().default(""),
    /** The text body (mail text part, SMS text, push body). */
    body: text("body").notNull(),
    /** The mail's HTML part (escaped from the catalogue's template); null for SMS and push. */
    html: text("html"),
    /** Push data (string values only, as FCM wants); null otherwise. */
    data: jsonb("data").$type<Record<string, string>>(),
    /**
     * queued: to send (or retry); sent: the provider accepted it; failed: given up (never accepted).
     * After `sent`, a delivery report (Infobip SMS only, decision 0028) moves it to delivered (the
     * handset has it) or undelivered (accepted, then undeliverable, expired or rejected on the way;
     * the provider's words in last_error). A late DELIVERED turns undelivered into delivered;
     * nothing leaves delivered.
     */
    status: text("status", { enum: ["queued", "sent", "failed", "delivered", "undelivered"] }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Real time before which no attempt is made (backoff after a failure). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Real time until which one process holds it while it talks to the provider (a lease). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** Which provider took it (smtp, infobip, fcm). */
    provider: text("provider"),
    /** The provider's id for the message (SMTP Message-ID, Infobip messageId, FCM message name). */
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    /** The provider's final status name from its delivery report (DELIVERED_TO_HANDSET, EXPIRED_EXPIRED, …). */
    reportStatus: text("report_status"),
    /** When the provider says it finished with the message (the report's doneAt, else its arrival). */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("deliveries_due_idx").on(t.status, t.nextAttemptAt),
    // A delivery report names the message by the provider's id.
    index("deliveries_provider_message_idx").on(t.provider, t.providerMessageId),
  ],
);
