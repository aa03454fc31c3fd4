import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { pushToCustomer, type PushSender } from "../../integrations/push.ts";
import { customerNotFound } from "../customers/customer-errors.ts";
import { addNotices } from "./add-notices.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";

/**
 * A staff notice to one customer: the customer_notice (shown on /profile), recorded as a staff
 * action, in one transaction, dated at the business instant `at`; then a push to each of their active devices (app.push: FCM through
 * the deliveries queue, the outbox in the sandbox).
 */
export async function sendNotice(
  db: Db,
  push: PushSender,
  request: FastifyRequest,
  input: { customerId: string; title: string; body: string },
  at: Date,
): Promise<{ id: string; pushed_devices: number }> {
  const notice = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [customer] = await tx.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.id, input.customerId));
    if (!customer) throw customerNotFound();
    const [notice] = await addNotices(tx, at, [{ customerId: input.customerId, title: input.title, body: input.body }]);
    await recordStaffAction(tx, request, {
      permission: "notices.send",
      action: "customer_notice.send",
      subjectType: "customer",
      subjectId: input.customerId,
      after: { notice_id: notice!.id, title: input.title, body: input.body },
    });
    return notice!;
  });
  const pushed = await pushToCustomer(db, push, input.customerId, { title: input.title, body: input.body });
  return { id: notice.id, pushed_devices: pushed };
}
