import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { businessDateOf } from "@pinjaman/domain/business-clock";
import { MAX_DISBURSAL_ATTEMPTS, disbursalRetryDelayMinutes } from "@pinjaman/domain/disbursal";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { BankAdapter, BankTransferResult } from "../../integrations/bank/bank-adapter.ts";
import { createTransfers } from "../ledger/ledger-service.ts";

export type Withdrawal = typeof schema.withdrawals.$inferSelect;
export type WithdrawalOutcome = "succeeded" | "retry_later" | "failed" | "not_due";

/** How long a runner holds a withdrawal while it talks to the bank (real time). */
const CLAIM_MINUTES = 10;

/** Claims a processing withdrawal due at business time `now` for one attempt (as disbursals are claimed, decision 0015). */
async function claim(db: Db, id: string, now: Date): Promise<Withdrawal | null> {
  const [row] = await db
    .update(schema.withdrawals)
    .set({ attempts: sql`${schema.withdrawals.attempts} + 1`, claimedUntil: sql`clock_timestamp() + make_interval(mins => ${CLAIM_MINUTES})`, updatedAt: new Date() })
    .where(
      sql`${schema.withdrawals.id} = ${id} and ${schema.withdrawals.status} = 'processing' and ${schema.withdrawals.nextAttemptAt} <= ${now.toISOString()}::timestamptz
        and (${schema.withdrawals.claimedUntil} is null or ${schema.withdrawals.claimedUntil} < clock_timestamp())`,
    )
    .returning();
  return row ?? null;
}

/** Posts (paid) or voids (given up) the withdrawal's reservation, in the caller's transaction. */
async function resolveReservation(tx: Db, w: Withdrawal, mode: "post_pending" | "void_pending", businessDate: string): Promise<void> {
  await createTransfers(tx, [
    { mode, pendingId: w.reservationId, code: "withdrawal", idempotencyKey: `withdrawal:${w.id}:${mode === "post_pending" ? "post" : "void"}`, businessDate, reference: `withdrawal:${w.id}` },
  ]);
}

/**
 * One attempt at paying a withdrawal (decision 0020, the disbursal's pattern): claim it, call the
 * bank outside any transaction with the withdrawal id as the idempotent reference, then record the
 * answer under the row's lock: paid → the reservation is posted (succeeded); refused for good, or
 * for the MAX_DISBURSAL_ATTEMPTS-th time → voided, the money available again (failed, with the
 * bank's reason); otherwise retried after the disbursal's doubling delay.
 */
export async function runWithdrawal(db: Db, bank: BankAdapter, id: string, now: Date): Promise<WithdrawalOutcome> {
  const claimed = await claim(db, id, now);
  if (!claimed) return "not_due";
  const answer: BankTransferResult = await bank
    .transfer({ reference: claimed.id, amount: claimed.amount, bankCode: claimed.bankCode, accountNumber: claimed.accountNumber, accountName: claimed.accountName })
    .catch((error: unknown) => ({ ok: false, retryable: true, reason: `bank call failed: ${(error as Error).message}` }));
  const businessDate = businessDateOf(now);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [w] = await tx.select().from(schema.withdrawals).where(eq(schema.withdrawals.id, id)).for("update");
    if (!w || w.status !== "processing") return "not_due";
    const done = (set: Partial<Withdrawal>) => tx.update(schema.withdrawals).set({ ...set, claimedUntil: null, updatedAt: new Date() }).where(eq(schema.withdrawals.id, id));
    if (answer.ok) {
      await resolveReservation(tx, w, "post_pending", businessDate);
      await done({ status: "succeeded", bankReference: answer.bankReference });
      return "succeeded";
    }
    if (!answer.retryable || w.attempts >= MAX_DISBURSAL_ATTEMPTS) {
      await resolveReservation(tx, w, "void_pending", businessDate);
      await done({ status: "failed", failure: answer.retryable ? "bank_unavailable" : "bank_refused", lastError: answer.reason });
      return "failed";
    }
    await done({ lastError: answer.reason, nextAttemptAt: new Date(now.getTime() + disbursalRetryDelayMinutes(w.attempts) * 60_000) });
    return "retry_later";
  });
}

/** Runs every processing withdrawal due at business time `now`; one that throws is logged and skipped. */
export async function runDueWithdrawals(db: Db, bank: BankAdapter, now: Date, log?: Pick<FastifyBaseLogger, "error">): Promise<(WithdrawalOutcome | "error")[]> {
  const due = (await db.execute(sql`
    select id from withdrawals
    where status = 'processing' and next_attempt_at <= ${now.toISOString()}::timestamptz and (claimed_until is null or claimed_until < clock_timestamp())
    order by next_attempt_at, id
    limit 500`)) as unknown as { rows: { id: string }[] };
  const outcomes: (WithdrawalOutcome | "error")[] = [];
  for (const { id } of due.rows) {
    outcomes.push(
      await runWithdrawal(db, bank, id, now).catch((error: unknown) => {
        log?.error({ err: error, withdrawal: id }, "withdrawal attempt failed");
        return "error" as const;
      }),
    );
  }
  return outcomes;
}
