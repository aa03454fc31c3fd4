import type { CustomerBlockView } from "@pinjaman/contracts/customer-care";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { FastifyRequest } from "fastify";
import { and, desc, eq, isNull } from "drizzle-orm";
import { Refusal } from "../../plugins/errors.ts";
import { revokeCustomerSessions } from "../sessions/session-service.ts";
import { recordStaffAction, staffIdOf } from "../staff/staff-actions.ts";
import { accountBlocked, customerNotFound } from "./customer-errors.ts";
import "@pinjaman/i18n/ns/customer_care";

type BlockRow = typeof schema.customerBlocks.$inferSelect;

/** The block in force for a customer, or null: what sign-in checks. */
export async function activeBlock(db: Db, customerId: string): Promise<BlockRow | null> {
  const [row] = await db
    .select()
    .from(schema.customerBlocks)
    .where(and(eq(schema.customerBlocks.customerId, customerId), isNull(schema.customerBlocks.unblockedAt)))
    .limit(1);
  return row ?? null;
}

/** Every block of a customer, newest first. */
export async function blockHistory(db: Db, customerId: string): Promise<BlockRow[]> {
  return db.select().from(schema.customerBlocks).where(eq(schema.customerBlocks.customerId, customerId)).orderBy(desc(schema.customerBlocks.blockedAt));
}

export function blockView(row: BlockRow): CustomerBlockView {
  return {
    reason: row.reason,
    blocked_at: row.blockedAt.toISOString(),
    blocked_by: row.blockedBy,
    unblocked_at: row.unblockedAt?.toISOString() ?? null,
    unblock_reason: row.unblockReason,
    unblocked_by: row.unblockedBy,
  };
}

export { accountBlocked };

async function lockCustomer(tx: Db, customerId: string) {
  const [row] = await tx.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.id, customerId)).for("update");
  if (!row) throw customerNotFound();
}

/**
 * Blocks a customer: the block row and the revocation of every live session in one transaction,
 * recorded as a staff action with the reason. A staff member cannot block themselves.
 */
export async function blockCustomer(db: Db, request: FastifyRequest, customerId: string, reason: string, now = new Date()) {
  if (customerId === staffIdOf(request)) throw new Refusal(409, "cannot_block_self", t("customer_care.cannot_block_self"));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockCustomer(tx, customerId);
    if (await activeBlock(tx, customerId)) throw new Refusal(409, "already_blocked", t("customer_care.already_blocked"));
    await tx.insert(schema.customerBlocks).values({ customerId, reason, blockedBy: staffIdOf(request), blockedAt: now });
    const revoked = await revokeCustomerSessions(tx, customerId, now);
    await recordStaffAction(tx, request, {
      permission: "customers.block",
      action: "customer.block",
      subjectType: "customer",
      subjectId: customerId,
      before: { blocked: false },
      after: { blocked: true, revoked_sessions: revoked },
      reason,
    });
    return { id: customerId, blocked: true, revoked_sessions: revoked };
  });
}

/** Lifts the block in force: sign-in works again (the customer logs in afresh). */
export async function unblockCustomer(db: Db, request: FastifyRequest, customerId: string, reason: string, now = new Date()) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockCustomer(tx, customerId);
    const current = await activeBlock(tx, customerId);
    if (!current) throw new Refusal(409, "not_blocked", t("customer_care.not_blocked"));
    await tx
      .update(schema.customerBlocks)
      .set({ unblockedAt: now, unblockedBy: staffIdOf(request), unblockReason: reason })
      .where(eq(schema.customerBlocks.id, current.id));
    await recordStaffAction(tx, request, {
      permission: "customers.block",
      action: "customer.unblock",
      subjectType: "customer",
      subjectId: customerId,
      before: { blocked: true, block_reason: current.reason, blocked_at: current.blockedAt.toISOString() },
      after: { blocked: false },
      reason,
    });
    return { id: customerId, blocked: false, revoked_sessions: 0 };
  });
}
