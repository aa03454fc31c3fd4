import { schema, type Db } from "@pinjaman/db";
import { businessDateOf } from "@pinjaman/domain/business-clock";
import { MAX_DISBURSAL_ATTEMPTS, disbursalRetryDelayMinutes } from "@pinjaman/domain/disbursal";
import { t } from "@pinjaman/i18n";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { BankAdapter } from "../../integrations/bank/bank-adapter.ts";
import { askBank, recordRefund } from "./refund.ts";
import "@pinjaman/i18n/ns/payments";

export type CreditRefundOutcome = "refunded" | "retry_later" | "failed" | "not_due";

/** How long a runner holds a refund while it talks to the bank (real time), as an operator's request does. */
const CLAIM_MINUTES = 10;

/** A refund the platform decided (next_attempt_at set: a closed loan's credit) due at business time `now`, its claim free. */
const due = (now: Date) =>
  sql`${schema.paymentRefunds.status} in ('pending', 'failed') and ${schema.paymentRefunds.nextAttemptAt} <= ${now.toISOString()}::timestamptz
    and (${schema.paymentRefunds.claimedUntil} is null or ${schema.paymentRefunds.claimedUntil} < clock_timestamp())`;

/**
 * One attempt at refunding a closed loan's credit to its borrower (closing-credit.ts), on the
 * operator's refund path (refund.ts, decision 0033) with the disbursal's retries (decision 0015):
 * claim with one conditional UPDATE (attempts + 1, a 10-minute lease), ask the bank outside any
 * transaction with the refund's reference (it pays a reference once), record the answer (paid:
 * payment_suspense → bank_escrow). A retryable refusal is tried again after 15, 30, 60, 120
 * minutes; the MAX_DISBURSAL_ATTEMPTS-th, or a final refusal, leaves it failed for the operator,
 * who sees it with the other parked payments and retries it or refunds it to another account.
 */
export async function runCreditRefund(db: Db, bank: BankAdapter, id: string, now: Date): Promise<CreditRefundOutcome> {
  const [refund] = await db
    .update(schema.paymentRefunds)
    .set({ status: "pending", attempts: sql`${schema.paymentRefunds.attempts} + 1`, claimedUntil: sql`clock_timestamp() + make_interval(mins => ${CLAIM_MINUTES})`, updatedAt: new Date() })
    .where(sql`${schema.paymentRefunds.id} = ${id} and ${due(now)}`)
    .returning();
  if (!refund) return "not_due";
  const [parked] = await db.select({ gatewayTransactionId: schema.payments.gatewayTransactionId }).from(schema.payments).where(eq(schema.payments.id, refund.parkedPaymentId));
  const answer = await askBank(bank, refund, parked!.gatewayTransactionId);
  const retry = !answer.ok && answer.retryable && refund.attempts < MAX_DISBURSAL_ATTEMPTS;
  const nextAttemptAt = retry ? new Date(now.getTime() + disbursalRetryDelayMinutes(refund.attempts) * 60_000) : null;
  await recordRefund(db, null, { refund, answer, reason: t("payments.credit.refund_reason"), businessDate: businessDateOf(now), nextAttemptAt });
  return answer.ok ? "refunded" : retry ? "retry_later" : "failed";
}

/**
 * Every closed loan's credit refund due at business time `now` (the credit-refund job, every 15
 * minutes), one attempt each; one whose answer could not be recorded is logged and found again
 * once its claim runs out.
 */
export async function runDueCreditRefunds(db: Db, bank: BankAdapter, now: Date, log: FastifyBaseLogger): Promise<CreditRefundOutcome[]> {
  const rows = await db.select({ id: schema.paymentRefunds.id }).from(schema.paymentRefunds).where(due(now)).orderBy(schema.paymentRefunds.createdAt);
  const outcomes: CreditRefundOutcome[] = [];
  for (const { id } of rows) {
    outcomes.push(
      await runCreditRefund(db, bank, id, now).catch((error: unknown) => {
        log.error({ err: error, refund: id }, "credit refund not recorded");
        return "retry_later" as const;
      }),
    );
  }
  return outcomes;
}
