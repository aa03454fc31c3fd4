import { schema, type Db } from "@pinjaman/db";
import type { StaffActionCode } from "@pinjaman/domain/audit-actions";
import { bankAccountDigits } from "@pinjaman/domain/field-rules/bank-account";
import { t } from "@pinjaman/i18n";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { BankAdapter, BankTransferResult } from "../../integrations/bank/bank-adapter.ts";
import { Refusal } from "../../plugins/errors.ts";
import { createTransfers, findTransfer, openLedgerAccounts } from "../ledger/ledger-service.ts";
import { recordStaffAction, staffIdOf } from "../staff/staff-actions.ts";
import { alreadyReconciled, lockParked, parkedView, type Payment, type ReconciliationResult, type Refund } from "./reconciliation.ts";
import "@pinjaman/i18n/ns/back_office_queues";

/** How long a request holds a refund while it talks to the bank (real time; then another may ask again). */
const CLAIM_MINUTES = 10;

type BankAccount = { bankCode: string; accountNumber: string; accountName: string };
export type RefundInput = BankAccount & { paymentId: string; reason: string; businessDate: string };

const refusal = (status: number, code: string, key: string) => new Refusal(status, code, t(`back_office_queues.reconciliation.${key}`));
const sameAccount = (r: Refund, a: BankAccount) => r.bankCode === a.bankCode && r.accountNumber === a.accountNumber && r.accountName === a.accountName;
const accountOf = (r: Refund) => ({ bank_code: r.bankCode, account_number: r.accountNumber, account_name: r.accountName });
const claimUntil = sql`clock_timestamp() + make_interval(mins => ${CLAIM_MINUTES})`;

type Claim = { kind: "answered"; result: ReconciliationResult } | { kind: "claimed"; payment: Payment; refund: Refund };

/**
 * Pays a parked payment back to its payer's bank account (decision 0033), as a disbursal is paid
 * (decision 0015): claim → bank call → record.
 * 1. Claim, in one transaction under the parked payment's row lock: the first request stores the
 *    refund (reference `refund:<parked id>`) with the operator's decision (payment_reconciliations,
 *    outcome refund_requested); a later one after a refusal, or after a crash left the bank's
 *    answer unrecorded, claims it again. Audited `payment.refund` / `payment.refund_retry`.
 * 2. The bank's `refund` is called outside any transaction with the refund's reference, so however
 *    often it is asked it pays once.
 * 3. Record, in one transaction: paid → payment_suspense → bank_escrow (code payment_refunded,
 *    key `payment:<parked id>:refunded`, posted once), `refunded`; refused → `failed` with the
 *    bank's reason. Audited `payment.refunded` / `payment.refund_failed`.
 * The same request while the bank is asked, or once refunded (a double click): answered as it
 * stands (replayed), nothing asked again. A matched payment, a refunded one with another account,
 * one the bank is being asked about with another account: 409. Another account after a refusal
 * only when the bank refused for good (it never paid that reference); it takes a new reference.
 */
export async function refundParkedPayment(db: Db, bank: BankAdapter, request: FastifyRequest, input: RefundInput): Promise<ReconciliationResult> {
  const account = { bankCode: input.bankCode, accountNumber: bankAccountDigits(input.accountNumber), accountName: input.accountName.trim() };
  const claim = await claimRefund(db, request, input, account);
  if (claim.kind === "answered") return claim.result;
  const { payment, refund } = claim;
  const answer = await askBank(bank, refund, payment.gatewayTransactionId);
  return recordRefund(db, request, { refund, answer, reason: input.reason, businessDate: input.businessDate });
}

/** The bank's `refund` call for a claimed refund, outside any transaction, with its reference: however often asked, it pays once. */
export function askBank(bank: BankAdapter, refund: Refund, originalTransactionId: string): Promise<BankTransferResult> {
  return bank
    .refund({
      reference: refund.transferReference,
      amount: refund.amount,
      bankCode: refund.bankCode,
      accountNumber: refund.accountNumber,
      accountName: refund.accountName,
      originalTransactionId,
    })
    .catch((error: unknown) => ({ ok: false, retryable: true, reason: `bank call failed: ${(error as Error).message}` }));
}

async function claimRefund(db: Db, request: FastifyRequest, input: RefundInput, account: BankAccount): Promise<Claim> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { payment, done } = await lockParked(tx, input.paymentId);
    if (done?.outcome === "matched") throw alreadyReconciled();
    const [existing] = await tx.select().from(schema.paymentRefunds).where(eq(schema.paymentRefunds.parkedPaymentId, payment.id));
    const answered = (refund: Refund): Claim => ({ kind: "answered", result: { payment: parkedView(payment, done, refund), allocatedPaymentId: null, allocation: null, replayed: true } });
    const audit = (action: StaffActionCode, before: Record<string, unknown>, refund: Refund) =>
      recordStaffAction(tx, request, {
        permission: "payments.reconcile",
        action,
        subjectType: "payment",
        subjectId: payment.id,
        before,
        after: { refund: "pending", ...accountOf(refund), amount: refund.amount, transfer_reference: refund.transferReference },
        reason: input.reason,
      });

    if (!existing) {
      // Only money the park put in suspense can go back (a Rp0 or unbookable amount has none).
      const parked = await findTransfer(tx, `payment:${payment.id}:parked`);
      if (!parked) throw refusal(409, "nothing_to_refund", "nothing_to_refund");
      if (!done) {
        await tx
          .insert(schema.paymentReconciliations)
          .values({ parkedPaymentId: payment.id, outcome: "refund_requested", staffId: staffIdOf(request), reason: input.reason, businessDate: input.businessDate });
      }
      const [refund] = await tx
        .insert(schema.paymentRefunds)
        .values({ parkedPaymentId: payment.id, amount: parked.amount, ...account, transferReference: `refund:${payment.id}`, status: "pending", attempts: 1, claimedUntil: claimUntil })
        .returning();
      await audit("payment.refund", { status: "parked", parked_reason: payment.parkedReason, amount: payment.amount, reconciliation: done?.outcome ?? "open" }, refund!);
      return { kind: "claimed", payment, refund: refund! };
    }

    const same = sameAccount(existing, account);
    if (existing.status === "refunded") {
      if (!same) throw refusal(409, "payment_already_refunded", "already_refunded");
      return answered(existing);
    }
    // Another account only once the bank said it never paid this reference.
    if (!same && !(existing.status === "failed" && existing.lastErrorFinal)) throw refusal(409, "refund_account_fixed", "refund_account_fixed");
    const [claimed] = await tx
      .update(schema.paymentRefunds)
      .set({
        ...account,
        transferReference: same ? existing.transferReference : `refund:${payment.id}:${existing.attempts + 1}`,
        status: "pending",
        attempts: sql`${schema.paymentRefunds.attempts} + 1`,
        claimedUntil: claimUntil,
        updatedAt: new Date(),
      })
      .where(sql`${schema.paymentRefunds.id} = ${existing.id} and (${schema.paymentRefunds.claimedUntil} is null or ${schema.paymentRefunds.claimedUntil} < clock_timestamp())`)
      .returning();
    // Another request is asking the bank right now: a double click is answered with where it stands.
    if (!claimed) {
      if (!same) throw refusal(409, "refund_in_progress", "refund_in_progress");
      return answered(existing);
    }
    await audit("payment.refund_retry", { refund: existing.status, ...accountOf(existing), attempts: existing.attempts, last_error: existing.lastError, transfer_reference: existing.transferReference }, claimed);
    return { kind: "claimed", payment, refund: claimed };
  });
}

/**
 * Records the bank's answer under the parked payment's row lock. Should that fail after the bank
 * paid, the refund stays pending and says so in `last_error`; asked again once its claim has run
 * out, the bank answers the same reference as paid and the refund is recorded then. `request`:
 * the staff member's, audited; null for the platform's own refund of a closed loan's credit
 * (credit-refund-run.ts), which gives the time to try again after a refusal (`nextAttemptAt`).
 */
export async function recordRefund(
  db: Db,
  request: FastifyRequest | null,
  input: { refund: Refund; answer: BankTransferResult; reason: string; businessDate: string; nextAttemptAt?: Date | null },
): Promise<ReconciliationResult> {
  const { answer } = input;
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const { payment, done } = await lockParked(tx, input.refund.parkedPaymentId);
      const [current] = await tx.select().from(schema.paymentRefunds).where(eq(schema.paymentRefunds.id, input.refund.id));
      const result = (refund: Refund, replayed: boolean) => ({ payment: parkedView(payment, done, refund), allocatedPaymentId: null, allocation: null, replayed });
      // Another request recorded an answer meanwhile (this one's claim had run out).
      if (current!.status !== "pending" || current!.transferReference !== input.refund.transferReference) return result(current!, true);

      let after: Record<string, unknown>;
      let set: Partial<Refund>;
      if (answer.ok) {
        const [suspense, escrow] = await openLedgerAccounts(tx, [{ kind: "payment_suspense" }, { kind: "bank_escrow" }]);
        await createTransfers(tx, [
          {
            mode: "single_phase",
            code: "payment_refunded",
            debitAccountId: suspense.id,
            creditAccountId: escrow.id,
            amount: current!.amount,
            idempotencyKey: `payment:${payment.id}:refunded`,
            businessDate: input.businessDate,
            reference: `payment:${payment.id}`,
          },
        ]);
        set = { status: "refunded", bankReference: answer.bankReference, lastError: null, lastErrorFinal: false, nextAttemptAt: null };
        after = { refund: "refunded", amount: current!.amount, bank_reference: answer.bankReference };
      } else {
        set = { status: "failed", lastError: answer.reason, lastErrorFinal: !answer.retryable, nextAttemptAt: input.nextAttemptAt ?? null };
        after = { refund: "failed", last_error: answer.reason, account_refused: !answer.retryable };
      }
      const [recorded] = await tx
        .update(schema.paymentRefunds)
        .set({ ...set, claimedUntil: null, updatedAt: new Date() })
        .where(eq(schema.paymentRefunds.id, current!.id))
        .returning();
      if (request) {
        await recordStaffAction(tx, request, {
          permission: "payments.reconcile",
          action: answer.ok ? "payment.refunded" : "payment.refund_failed",
          subjectType: "payment",
          subjectId: payment.id,
          before: { refund: "pending", ...accountOf(current!), transfer_reference: current!.transferReference, attempts: current!.attempts },
          after,
          reason: input.reason,
        });
      }
      return result(recorded!, false);
    });
  } catch (error) {
    if (answer.ok) {
      const lastError = `refunded by the bank (${answer.bankReference}), not recorded: ${(error as Error).message}`;
      await db.update(schema.paymentRefunds).set({ lastError, updatedAt: new Date() }).where(eq(schema.paymentRefunds.id, input.refund.id));
    }
    throw error;
  }
}
