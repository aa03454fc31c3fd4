import type { LoanCandidate, ParkedPayment } from "@pinjaman/contracts/back-office-queues";
import { schema, type Db } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { bookingVirtualAccount } from "../invoices/virtual-accounts.ts";
import type { LoanAllocation } from "../repayments/loan-allocation.ts";
import { loanPosition } from "../repayments/loan-position.ts";
import { settleLoanPayment } from "../repayments/settle-payment.ts";
import { recordStaffAction, staffIdOf } from "../staff/staff-actions.ts";
import "@pinjaman/i18n/ns/back_office_queues";

export type Payment = typeof schema.payments.$inferSelect;
export type Reconciliation = typeof schema.paymentReconciliations.$inferSelect;
export type Refund = typeof schema.paymentRefunds.$inferSelect;

const REFUND_STATES = { pending: "refund_pending", refunded: "refunded", failed: "refund_failed" } as const;

export function parkedView(p: Payment, r: Reconciliation | null, refund: Refund | null = null): ParkedPayment {
  return {
    id: p.id,
    amount: p.amount,
    channel: p.channel,
    virtual_account_number: p.virtualAccountNumber,
    parked_reason: p.parkedReason!,
    received_on: p.businessDate,
    paid_at: p.paidAt?.toISOString() ?? null,
    account_id: p.accountId,
    reconciliation: !r ? "open" : refund ? REFUND_STATES[refund.status] : r.outcome,
    matched_account_id: r?.accountId ?? null,
    reason: r?.reason ?? null,
    refund: refund
      ? {
          bank_code: refund.bankCode,
          account_number: refund.accountNumber,
          account_name: refund.accountName,
          attempts: refund.attempts,
          last_error: refund.lastError,
          account_refused: refund.status === "failed" && refund.lastErrorFinal,
          bank_reference: refund.bankReference,
        }
      : null,
  };
}

/** Parked payments (decision 0016) still to reconcile (open, oldest first), or the ones done (newest first). */
export async function parkedPayments(db: Db, state: "open" | "done"): Promise<ParkedPayment[]> {
  const rows = await db
    .select({ payment: schema.payments, reconciliation: schema.paymentReconciliations, refund: schema.paymentRefunds })
    .from(schema.payments)
    .leftJoin(schema.paymentReconciliations, eq(schema.paymentReconciliations.parkedPaymentId, schema.payments.id))
    .leftJoin(schema.paymentRefunds, eq(schema.paymentRefunds.parkedPaymentId, schema.payments.id))
    .where(and(eq(schema.payments.status, "parked"), state === "open" ? isNull(schema.paymentReconciliations.id) : isNotNull(schema.paymentReconciliations.id)))
    .orderBy(state === "open" ? asc(schema.payments.createdAt) : desc(schema.paymentReconciliations.createdAt), asc(schema.payments.id))
    .limit(200);
  return rows.map((r) => parkedView(r.payment, r.reconciliation, r.refund));
}

/** Active loans whose borrower's name or e-mail, or one of whose virtual account numbers, contains `q`. */
export async function searchLoans(db: Db, q: string): Promise<LoanCandidate[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectDistinct({ accountId: schema.accounts.id, name: schema.customers.name, email: schema.customers.email, principal: schema.accounts.principalBalance })
    .from(schema.accounts)
    .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
    .leftJoin(schema.virtualAccounts, eq(schema.virtualAccounts.accountId, schema.accounts.id))
    .where(
      and(
        eq(schema.accounts.typeKey, "loan"),
        eq(schema.accounts.status, "active"),
        or(ilike(schema.customers.name, like), ilike(schema.customers.email, like), ilike(schema.virtualAccounts.number, like)),
      ),
    )
    .orderBy(asc(schema.customers.name), asc(schema.accounts.id))
    .limit(20);
  const vas = rows.length
    ? await db.select().from(schema.virtualAccounts).where(inArray(schema.virtualAccounts.accountId, rows.map((r) => r.accountId))).orderBy(asc(schema.virtualAccounts.channel))
    : [];
  return rows.map((r) => ({
    account_id: r.accountId,
    borrower_name: r.name,
    borrower_email: r.email,
    principal_balance: r.principal,
    virtual_accounts: vas.filter((v) => v.accountId === r.accountId).map((v) => ({ channel: v.channel, number: v.number })),
  }));
}

export type ReconciliationResult = {
  payment: ParkedPayment;
  allocatedPaymentId: string | null;
  allocation: Pick<LoanAllocation, "lateFee" | "interest" | "principal" | "credit"> | null;
  replayed: boolean;
};

const notFound = () => new Refusal(404, "payment_not_found", t("back_office_queues.reconciliation.not_found"));

/** The parked payment locked for this transaction, with what was already done with it. */
export async function lockParked(tx: Db, paymentId: string): Promise<{ payment: Payment; done: Reconciliation | null }> {
  const [payment] = await tx.select().from(schema.payments).where(eq(schema.payments.id, paymentId)).for("update");
  if (!payment) throw notFound();
  if (payment.status !== "parked") throw new Refusal(409, "payment_not_parked", t("back_office_queues.reconciliation.not_parked"));
  const [done] = await tx.select().from(schema.paymentReconciliations).where(eq(schema.paymentReconciliations.parkedPaymentId, paymentId));
  return { payment, done: done ?? null };
}

export const alreadyReconciled = () => new Refusal(409, "payment_already_reconciled", t("back_office_queues.reconciliation.already_reconciled"));

function alreadyDone(payment: Payment, done: Reconciliation, same: boolean): ReconciliationResult {
  if (!same) throw alreadyReconciled();
  return { payment: parkedView(payment, done), allocatedPaymentId: done.allocatedPaymentId, allocation: null, replayed: true };
}

/**
 * Matches a parked payment to an active loan by hand (decision 0033), in one
 * transaction under the parked payment's row lock:
 * - already matched to the same loan (a double click, a retried request): answered as it was,
 *   nothing moves again; matched elsewhere or refunded (refund.ts): 409;
 * - the money takes the normal repayment path (`allocateToLoan`, decision 0016) with
 *   payment_suspense as its source instead of the escrow: one ledger batch, invoices paid late
 *   fee → interest → principal, lenders' shares, credit; a paid-off loan is closed;
 * - a new `payments` row (source reconciliation, allocated) carries the allocation, so the
 *   borrower's and lenders' statements read it like any payment; the parked row is never changed;
 * - the reconciliation row and the staff action (before/after, reason) are written.
 * An unknown or inactive loan is refused on `account_id` (422); a parked payment of 0 rupiah has
 * no money to match (409).
 */
export async function matchParkedPayment(
  db: Db,
  request: FastifyRequest,
  input: { paymentId: string; accountId: string; reason: string; businessDate: string; platformFeePpm: number },
): Promise<ReconciliationResult> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { payment, done } = await lockParked(tx, input.paymentId);
    if (done) return alreadyDone(payment, done, done.outcome === "matched" && done.accountId === input.accountId);
    if (payment.amount <= 0) throw new Refusal(409, "nothing_to_match", t("back_office_queues.reconciliation.nothing_to_match"));

    const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, input.accountId)).for("update");
    const position = account?.typeKey === "loan" && account.status === "active" ? await loanPosition(tx, account.id, { lock: true }) : null;
    if (!account || !position) {
      throw new FieldErrors({ account_id: [t("back_office_queues.reconciliation.loan_not_active")] }, 422);
    }
    const va = await bookingVirtualAccount(tx, account);

    const allocatedPaymentId = randomUUID();
    const { allocated } = await settleLoanPayment(
      tx,
      {
        paymentId: allocatedPaymentId,
        borrowerId: account.customerId,
        accountId: account.id,
        virtualAccountNumber: va.number,
        amount: payment.amount,
        businessDate: input.businessDate,
        platformFeePpm: input.platformFeePpm,
        from: "payment_suspense",
      },
      position,
      {
        id: allocatedPaymentId,
        gatewayTransactionId: `reconciliation:${payment.id}`,
        source: "reconciliation",
        channel: va.channel,
        virtualAccountNumber: va.number,
        virtualAccountId: va.id,
        accountId: account.id,
        amount: payment.amount,
        businessDate: input.businessDate,
        paidAt: payment.paidAt,
      },
      account.status,
    );
    const [reconciliation] = await tx
      .insert(schema.paymentReconciliations)
      .values({
        parkedPaymentId: payment.id,
        outcome: "matched",
        accountId: account.id,
        allocatedPaymentId,
        staffId: staffIdOf(request),
        reason: input.reason,
        businessDate: input.businessDate,
      })
      .returning();
    const parts = { lateFee: allocated.lateFee, interest: allocated.interest, principal: allocated.principal, credit: allocated.credit };
    await recordStaffAction(tx, request, {
      permission: "payments.reconcile",
      action: "payment.match",
      subjectType: "payment",
      subjectId: payment.id,
      before: { status: "parked", parked_reason: payment.parkedReason, amount: payment.amount },
      after: { account_id: account.id, allocated_payment_id: allocatedPaymentId, late_fee: parts.lateFee, interest: parts.interest, principal: parts.principal, credit: parts.credit, paid_off: allocated.paidOff },
      reason: input.reason,
    });
    return { payment: parkedView(payment, reconciliation!), allocatedPaymentId, allocation: parts, replayed: false };
  });
}

/** For tests and the console: how many parked payments wait. */
export async function openParkedCount(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from payments p
    where p.status = 'parked' and not exists (select 1 from payment_reconciliations r where r.parked_payment_id = p.id)`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
