import type { DisbursalQueueItem, DisbursalStage } from "@pinjaman/contracts/back-office-queues";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { coolingOffEndsOn } from "@pinjaman/domain/disbursal";
import { t } from "@pinjaman/i18n";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { Refusal } from "../../plugins/errors.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import "@pinjaman/i18n/ns/back_office_queues";

/** How many rows of each stage the queue shows (the oldest first for waiting work, the newest failures). */
const STAGE_LIMIT = 200;

type DisbursalRow = typeof schema.disbursals.$inferSelect;

/** The stage a disbursal row is in: still to pay (pending), refused at least once and retried (retrying), or given up (failed). */
function stageOf(d: DisbursalRow): DisbursalStage {
  if (d.status === "failed") return "failed";
  if (d.status === "pending") return d.attempts > 0 ? "retrying" : "pending";
  return "paid";
}

type LoanOfQueue = { borrowerName: string; merchantName: string | null; amount: number; fundedOn: string | null };

const itemOf = (d: DisbursalRow, loan: LoanOfQueue): DisbursalQueueItem => ({
  application_id: d.accountApplicationId,
  disbursal_id: d.id,
  stage: stageOf(d),
  borrower_name: loan.borrowerName,
  merchant_name: loan.merchantName,
  amount: loan.amount,
  payout: d.payout,
  funded_on: loan.fundedOn,
  cooling_off_ends_on: loan.fundedOn ? coolingOffEndsOn(loan.fundedOn) : null,
  attempts: d.attempts,
  next_attempt_at: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
  last_error: d.lastError,
  updated_at: d.updatedAt.toISOString(),
});

/** What the queue shows of a loan; a purchase's loan (decision 0032) names the merchant its payout goes to. */
const loanColumns = { borrowerName: schema.customers.name, merchantName: schema.purchases.merchantName, amount: schema.accountApplications.amount, fundedOn: schema.accountApplications.fundedOn };
const purchaseOfApplication = eq(schema.purchases.accountApplicationId, schema.accountApplications.id);

/**
 * The disbursal queue (decision 0033): fully funded applications in their
 * cooling-off (no disbursal yet, the day it ends), disbursals still to pay, those the bank refused
 * and that wait for their next attempt (attempts, the bank's last reason), and those given up.
 */
export async function disbursalQueue(db: Db, stage?: Exclude<DisbursalStage, "paid">): Promise<DisbursalQueueItem[]> {
  const items: DisbursalQueueItem[] = [];
  if (!stage || stage === "cooling_off") {
    const waiting = await db
      .select({ id: schema.accountApplications.id, ...loanColumns })
      .from(schema.accountApplications)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
      .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
      .leftJoin(schema.purchases, purchaseOfApplication)
      .where(eq(schema.accountApplications.status, "waiting_for_deadline"))
      .orderBy(asc(schema.accountApplications.fundedOn), asc(schema.accountApplications.id))
      .limit(STAGE_LIMIT);
    items.push(
      ...waiting.map((w) => ({
        application_id: w.id,
        disbursal_id: null,
        stage: "cooling_off" as const,
        borrower_name: w.borrowerName,
        merchant_name: w.merchantName,
        amount: w.amount,
        payout: null,
        funded_on: w.fundedOn,
        cooling_off_ends_on: w.fundedOn ? coolingOffEndsOn(w.fundedOn) : null,
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
        updated_at: null,
      })),
    );
  }
  const stages: [DisbursalStage, ReturnType<typeof and>, "asc" | "desc"][] = [
    ["pending", and(eq(schema.disbursals.status, "pending"), eq(schema.disbursals.attempts, 0)), "asc"],
    ["retrying", and(eq(schema.disbursals.status, "pending"), gt(schema.disbursals.attempts, 0)), "asc"],
    ["failed", eq(schema.disbursals.status, "failed"), "desc"],
  ];
  for (const [name, where, order] of stages) {
    if (stage && stage !== name) continue;
    const rows = await db
      .select({ disbursal: schema.disbursals, ...loanColumns })
      .from(schema.disbursals)
      .innerJoin(schema.accountApplications, eq(schema.accountApplications.id, schema.disbursals.accountApplicationId))
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
      .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
      .leftJoin(schema.purchases, purchaseOfApplication)
      .where(where)
      .orderBy(order === "asc" ? asc(schema.disbursals.nextAttemptAt) : desc(schema.disbursals.updatedAt), asc(schema.disbursals.id))
      .limit(STAGE_LIMIT);
    items.push(...rows.map((r) => itemOf(r.disbursal, r)));
  }
  return items;
}

/** One disbursal as a queue item (after a retry), or null. */
export async function disbursalQueueItem(db: Db, disbursalId: string): Promise<DisbursalQueueItem | null> {
  const [row] = await db
    .select({ disbursal: schema.disbursals, ...loanColumns })
    .from(schema.disbursals)
    .innerJoin(schema.accountApplications, eq(schema.accountApplications.id, schema.disbursals.accountApplicationId))
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
    .leftJoin(schema.purchases, purchaseOfApplication)
    .where(eq(schema.disbursals.id, disbursalId));
  return row ? itemOf(row.disbursal, row) : null;
}

/**
 * An operator asks for the next attempt now (e.g. after the borrower's bank was back, or their
 * account was corrected): in one transaction under the disbursal's row lock, a pending disbursal
 * that no runner holds becomes due at business time `now`, recorded with the reason. The
 * attempt itself is the ordinary `runDisbursal` (claim, bank call outside a transaction, record),
 * so it pays at most once whatever else runs. A disbursal already paid or given up: 409 (a given
 * up one has its application cancelled and the lenders' money released: it cannot be retried).
 */
export async function scheduleRetryNow(db: Db, request: FastifyRequest, input: { disbursalId: string; now: Date; reason: string }): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx.select().from(schema.disbursals).where(eq(schema.disbursals.id, input.disbursalId)).for("update");
    if (!row) throw new Refusal(404, "disbursal_not_found", t("status.transition.disbursal_not_found"));
    if (row.status !== "pending") throw new Refusal(409, "disbursal_not_pending", t("back_office_queues.disbursals.not_pending"));
    const [held] = await tx.execute(sql`select 1 from disbursals where id = ${row.id} and claimed_until > clock_timestamp()`).then((r) => (r as unknown as { rows: unknown[] }).rows);
    if (held) throw new Refusal(409, "disbursal_in_progress", t("back_office_queues.disbursals.in_progress"));
    await tx.update(schema.disbursals).set({ nextAttemptAt: input.now, updatedAt: new Date() }).where(eq(schema.disbursals.id, row.id));
    await recordStaffAction(tx, request, {
      permission: "disbursals.manage",
      action: "disbursal.retry",
      subjectType: "disbursal",
      subjectId: row.id,
      before: { attempts: row.attempts, next_attempt_at: row.nextAttemptAt.toISOString(), last_error: row.lastError },
      after: { next_attempt_at: input.now.toISOString() },
      reason: input.reason,
    });
  });
}
