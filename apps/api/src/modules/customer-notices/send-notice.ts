import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { FastifyRequest } from "fastify";
import { and, eq, isNull } from "drizzle-orm";
import { storeInOutbox } from "../../integrations/outbox.ts";
import { customerNotFound } from "../customers/customer-errors.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";

export type PushMessage = { token: string; tokenType: string; title: string; body: string };

/**
 * Delivers one push message to one device. The sandbox stores it in the outbox (channel push);
 * a real provider (Firebase) implements the same call.
 */
export type NoticePush = { send(message: PushMessage): Promise<void> };

export function sandboxNoticePush(db: Db): NoticePush {
  return { send: (m) => storeInOutbox(db, { channel: "push", recipient: m.token, subject: m.title, body: m.body }) };
}

/**
 * A staff notice to one customer: the customer_notice (shown on /profile) and a push to each of
 * their active devices, recorded as a staff action, in one transaction. Pushes go after commit.
 */
export async function sendNotice(
  db: Db,
  push: NoticePush,
  request: FastifyRequest,
  input: { customerId: string; title: string; body: string },
): Promise<{ id: string; pushed_devices: number }> {
  const { notice, devices } = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [customer] = await tx.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.id, input.customerId));
    if (!customer) throw customerNotFound();
    const [notice] = await tx
      .insert(schema.customerNotices)
      .values({ customerId: input.customerId, title: input.title, body: input.body })
      .returning({ id: schema.customerNotices.id });
    const devices = await tx
      .select({ token: schema.devices.token, tokenType: schema.devices.tokenType })
      .from(schema.devices)
      .where(and(eq(schema.devices.customerId, input.customerId), isNull(schema.devices.deactivatedAt)));
    await recordStaffAction(tx, request, {
      permission: "notices.send",
      action: "customer_notice.send",
      subjectType: "customer",
      subjectId: input.customerId,
      after: { notice_id: notice!.id, title: input.title, body: input.body, devices: devices.length },
    });
    return { notice: notice!, devices };
  });
  for (const device of devices) await push.send({ token: device.token, tokenType: device.tokenType, title: input.title, body: input.body });
  return { id: notice.id, pushed_devices: devices.length };
}
