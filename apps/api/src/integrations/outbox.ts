import { desc } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";

export type OutboxChannel = "mail" | "sms" | "push";

export type OutboxEntry = {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
};

/** The sandbox delivers by storing: a tester reads codes and links on the outbox page. */
export async function storeInOutbox(
  db: Db,
  message: { channel: OutboxChannel; recipient: string; subject: string; body: string },
): Promise<void> {
  await db.insert(schema.outboxMessages).values(message);
}

/** The most recent messages first. */
export async function latestOutbox(db: Db, limit = 50): Promise<OutboxEntry[]> {
  return db
    .select({
      id: schema.outboxMessages.id,
      channel: schema.outboxMessages.channel,
      recipient: schema.outboxMessages.recipient,
      subject: schema.outboxMessages.subject,
      body: schema.outboxMessages.body,
      createdAt: schema.outboxMessages.createdAt,
    })
    .from(schema.outboxMessages)
    .orderBy(desc(schema.outboxMessages.id))
    .limit(limit);
}
