import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { businessDateOf } from "@pinjaman/domain/business-clock";
import { MAX_DISBURSAL_ATTEMPTS, disbursalRetryDelayMinutes } from "@pinjaman/domain/disbursal";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { BankTransferResult } from "../../integrations/bank/bank-adapter.ts";
import type { JobIntegrations } from "../../jobs/job-definition.ts";
import { abandonDisbursal, completeDisbursal, lockPendingDisbursal, type Disbursal } from "./disbursal-outcome.ts";
import { disbursalPayee } from "./payee.ts";
import { refinancingAtDisbursal, settleRefinancing } from "./refinancing-payoff.ts";

export type DisbursalOutcome = "succeeded" | "retry_later" | "failed" | "not_due";

/** How long a runner holds a disbursal while it talks to the bank (real time; then another may try). */
const CLAIM_MINUTES = 10;

/**
 * Claims a pending disbursal due at business time `now` for one attempt: one conditional UPDATE
 * counts the attempt and sets a short lease, so of two runners only one calls the bank. Null when
 * it is not due, not pending, or another runner holds it.
 */
async function claim(db: Db, disbursalId: string, now: Date): Promise<Disbursal | null> {
  const [row] = await db
    .update(schema.disbursals)
    .set({ attempts: sql`${schema.disbursals.attempts} + 1`, claimedUntil: sql`clock_timestamp() + make_interval(mins => ${CLAIM_MINUTES})`, updatedAt: new Date() })
    .where(
      sql`${schema.disbursals.id} = ${disbursalId} and ${schema.disbursals.status} = 'pending' and ${schema.disbursals.nextAttemptAt} <= ${now.toISOString()}::timestamptz
        and (${schema.disbursals.claimedUntil} is null or ${schema.disbursals.claimedUntil} < clock_timestamp())`,
    )
    .returning();
  return row ?? null;
}

/**
 * One attempt at paying a disbursal (decision 0015): claim it, call the bank OUTSIDE any
 * transaction with the disbursal id as the idempotent reference, then record the answer in one
 * transaction under the disbursal's row lock: paid → the loan is activated (completeDisbursal);
 * refused for good, or for the MAX_DISBURSAL_ATTEMPTS-th time → given up (abandonDisbursal);
 * otherwise retried after a doubling delay. A crash after the bank paid leaves the disbursal
 * pending: the next attempt asks the bank again with the same reference and is told it was paid.
 */
export async function runDisbursal(db: Db, integrations: JobIntegrations, disbursalId: string, now: Date): Promise<DisbursalOutcome> {
  const codes = integrations.virtualAccountCodes;
  // Without virtual accounts the borrower could not repay: pay nobody until they are configured.
  if (!codes) throw new Error("VIRTUAL_ACCOUNT_CODES is not configured: disbursals wait");
  const claimed = await claim(db, disbursalId, now);
  if (!claimed) return "not_due";

  // The borrower, or for a purchase's loan the merchant's settlement account (decision 0032).
  const resolved = await disbursalPayee(db, claimed.accountApplicationId);
  const payee = resolved.ok ? resolved.payee : null;
  const businessDate = businessDateOf(now);
  // A refinancing pays the old loan's payoff out of the payout; the bank pays the payee the rest.
  const refinancing = await refinancingAtDisbursal(db, claimed.accountApplicationId, businessDate);
  const toPayee = claimed.payout - (refinancing?.payoff ?? 0);
  const answer: BankTransferResult =
    toPayee <= 0
      ? { ok: false, retryable: false, reason: "the refinanced loan's payoff is not below the payout" }
      : payee
        ? await integrations.bank
            .transfer({ reference: claimed.id, amount: toPayee, bankCode: payee.bankCode, accountNumber: payee.accountNumber, accountName: payee.accountName })
            .catch((error: unknown) => ({ ok: false, retryable: true, reason: `bank call failed: ${(error as Error).message}` }))
        : { ok: false, retryable: false, reason: resolved.ok ? "no payee" : resolved.reason };

  return record(db, disbursalId, answer, async (tx) => {
    const disbursal = await lockPendingDisbursal(tx, disbursalId);
    // Another runner recorded an answer meanwhile (its lease had run out): the bank paid once.
    if (!disbursal) return "not_due";
    if (answer.ok) {
      await completeDisbursal(tx, { disbursal, bankReference: answer.bankReference, at: now, businessDate, codes, payee: payee!, paid: toPayee });
      if (refinancing) {
        await settleRefinancing(tx, { refinancing, applicationId: disbursal.accountApplicationId, businessDate, platformFeePpm: integrations.repayment.platformFeePpm });
      }
      return "succeeded";
    }
    if (!answer.retryable || disbursal.attempts >= MAX_DISBURSAL_ATTEMPTS) {
      await abandonDisbursal(tx, { disbursal, reason: answer.reason, at: now, businessDate });
      return "failed";
    }
    const next = new Date(now.getTime() + disbursalRetryDelayMinutes(disbursal.attempts) * 60_000);
    await tx
      .update(schema.disbursals)
      .set({ lastError: answer.reason, nextAttemptAt: next, claimedUntil: null, updatedAt: new Date() })
      .where(eq(schema.disbursals.id, disbursalId));
    return "retry_later";
  });
}

/**
 * Records the bank's answer in one transaction. Should that fail after the bank paid (a bug, the
 * database gone), the disbursal stays pending and says so in `last_error`; the next attempt asks
 * the bank again and is told it was paid.
 */
async function record(db: Db, disbursalId: string, answer: BankTransferResult, work: (tx: Db) => Promise<DisbursalOutcome>): Promise<DisbursalOutcome> {
  try {
    return await db.transaction((txn) => work(txn as unknown as Db));
  } catch (error) {
    if (answer.ok) {
      const lastError = `paid by the bank (${answer.bankReference}), not recorded: ${(error as Error).message}`;
      await db.update(schema.disbursals).set({ lastError, updatedAt: new Date() }).where(eq(schema.disbursals.id, disbursalId));
    }
    throw error;
  }
}

/**
 * Runs every pending disbursal due at business time `now`, oldest first; answers each outcome.
 * One that throws is logged and skipped ("error"), so it does not hold up the others.
 */
export async function runDueDisbursals(db: Db, integrations: JobIntegrations, now: Date, log?: Pick<FastifyBaseLogger, "error">): Promise<(DisbursalOutcome | "error")[]> {
  const due = (await db.execute(sql`
    select id from disbursals
    where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz and (claimed_until is null or claimed_until < clock_timestamp())
    order by next_attempt_at, id
    limit 500`)) as unknown as { rows: { id: string }[] };
  const outcomes: (DisbursalOutcome | "error")[] = [];
  for (const { id } of due.rows) {
    outcomes.push(
      await runDisbursal(db, integrations, id, now).catch((error: unknown) => {
        log?.error({ err: error, disbursal: id }, "disbursal attempt failed");
        return "error" as const;
      }),
    );
  }
  return outcomes;
}
