import { schema, type Db } from "@pinjaman/db";
import { WRITE_OFF_MIN_DAYS_PAST_DUE } from "@pinjaman/domain/collections";
import { balanceOf } from "@pinjaman/domain/ledger";
import { t } from "@pinjaman/i18n";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import type { ApprovalRequest, WriteOffFigures as WriteOffFiguresBody } from "@pinjaman/contracts/staff-approvals";
import type { LoanChangeEffect } from "@pinjaman/domain/loan-changes";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { daysPastDue } from "../collections/days-past-due.ts";
import { createTransfers, LedgerRefusal } from "../ledger/ledger-service.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { applyLoanChange, lockPendingLoanChange, rejectLoanChange } from "../loan-changes/apply-loan-change.ts";
import { writeOffFigures, writeOffLoan, type WriteOffFigures } from "../write-offs/write-off.ts";
import "@pinjaman/i18n/ns/back-office-loans";

/**
 * Maker-checker (decision 0027, after Fineract's maker-checker):
 * a write-off, a manual ledger adjustment or a loan change that moves lenders' money (issue 17 §5)
 * is stored as a pending request by one staff member
 * (the maker) and executed only when a different one (the checker) approves it; the approval
 * claims the row (pending → approved, conditional update), executes and records the staff action
 * in one transaction, so a failure leaves the request pending and nothing moved.
 */

export type ApprovalKind = "write_off" | "ledger_adjustment" | "loan_change";
type Row = typeof schema.approvalRequests.$inferSelect;

export const APPROVAL_PERMISSIONS = {
  write_off: { request: "write_offs.request", approve: "write_offs.approve" },
  ledger_adjustment: { request: "ledger_adjustments.request", approve: "ledger_adjustments.approve" },
  loan_change: { request: "loan_changes.decide", approve: "loan_changes.approve" },
} as const;

export const approvalRequestNotFound = () => new Refusal(404, "approval_request_not_found", t("back-office-loans.approvals.error.not_found"));

export type StaffCaller = { staffId: string; request: FastifyRequest };

/** A write-off is asked for a loan that is active and more than 90 days past due. */
export async function requestWriteOff(tx: Db, caller: StaffCaller, input: { accountId: string; reason: string; today: string }): Promise<string> {
  // The loan's row lock serialises requests for it: the pending check below sees any other one.
  const [account] = await tx
    .select()
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, input.accountId), eq(schema.accounts.typeKey, "loan")))
    .for("update");
  if (!account) throw new Refusal(404, "account_not_found", t("back-office-loans.approvals.error.account_not_found"));
  await checkWriteOffEligible(tx, account, input.today);
  const figures = await writeOffFigures(tx, input.accountId, input.today);
  const [pending] = await tx
    .select({ id: schema.approvalRequests.id })
    .from(schema.approvalRequests)
    .where(and(eq(schema.approvalRequests.accountId, input.accountId), eq(schema.approvalRequests.kind, "write_off"), eq(schema.approvalRequests.status, "pending")));
  if (pending) throw new Refusal(409, "request_pending", t("back-office-loans.approvals.error.already_pending"));
  const [row] = await tx
    .insert(schema.approvalRequests)
    .values({ kind: "write_off", accountId: input.accountId, reason: input.reason, requestedBy: caller.staffId, requestedOn: input.today })
    .returning();
  await recordStaffAction(tx, caller.request, {
    permission: "write_offs.request",
    action: "write_off.request",
    subjectType: "account",
    subjectId: input.accountId,
    after: { request_id: row!.id, principal_balance: account.principalBalance, write_off: figuresBody(figures) },
    reason: input.reason,
  });
  return row!.id;
}

/** What a write-off of the loan would take off today (issue 17 §5); refused as the request would be. */
export async function writeOffPreview(db: Db, accountId: string, today: string) {
  const [row] = await db
    .select({ account: schema.accounts, borrowerName: schema.customers.name })
    .from(schema.accounts)
    .innerJoin(schema.customers, eq(schema.customers.id, schema.accounts.customerId))
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.typeKey, "loan")));
  if (!row) throw new Refusal(404, "account_not_found", t("back-office-loans.approvals.error.account_not_found"));
  const dpd = await checkWriteOffEligible(db, row.account, today);
  return { account_id: accountId, borrower_name: row.borrowerName, days_past_due: dpd, ...figuresBody(await writeOffFigures(db, accountId, today)) };
}

function figuresBody(figures: WriteOffFigures): WriteOffFiguresBody {
  return {
    principal: figures.principal,
    interest: figures.interest,
    late_fees: figures.lateFees,
    shares: figures.shares.map((s) => ({ investment_id: s.investmentId, holder: s.holder, name: s.name, amount: s.amount })),
  };
}

async function checkWriteOffEligible(tx: Db, account: typeof schema.accounts.$inferSelect, today: string): Promise<number> {
  if (account.status !== "active") throw new Refusal(409, "write_off_not_active", t("back-office-loans.approvals.error.not_active"));
  const dpd = await daysPastDue(tx, account.id, today);
  if (dpd < WRITE_OFF_MIN_DAYS_PAST_DUE) throw new Refusal(409, "write_off_too_early", t("back-office-loans.approvals.error.too_early", { days: dpd }));
  return dpd;
}

/** A manual adjustment: one transfer between two existing ledger accounts, posted only when approved. */
export async function requestLedgerAdjustment(
  tx: Db,
  caller: StaffCaller,
  input: { debitLedgerAccountId: string; creditLedgerAccountId: string; amount: number; reason: string; today: string },
): Promise<string> {
  const found = await tx
    .select({ id: schema.ledgerAccounts.id, accountId: schema.ledgerAccounts.accountId })
    .from(schema.ledgerAccounts)
    .where(inArray(schema.ledgerAccounts.id, [input.debitLedgerAccountId, input.creditLedgerAccountId]));
  const fields: Record<string, string[]> = {};
  if (!found.some((a) => a.id === input.debitLedgerAccountId)) fields.debit_ledger_account_id = [t("back-office-loans.approvals.error.ledger_account_unknown")];
  if (!found.some((a) => a.id === input.creditLedgerAccountId)) fields.credit_ledger_account_id = [t("back-office-loans.approvals.error.ledger_account_unknown")];
  if (Object.keys(fields).length) throw new FieldErrors(fields);
  const loanAccountId = found.find((a) => a.accountId)?.accountId ?? null;
  const [row] = await tx
    .insert(schema.approvalRequests)
    .values({
      kind: "ledger_adjustment",
      accountId: loanAccountId,
      debitLedgerAccountId: input.debitLedgerAccountId,
      creditLedgerAccountId: input.creditLedgerAccountId,
      amount: input.amount,
      reason: input.reason,
      requestedBy: caller.staffId,
      requestedOn: input.today,
    })
    .returning();
  await recordStaffAction(tx, caller.request, {
    permission: "ledger_adjustments.request",
    action: "ledger_adjustment.request",
    subjectType: "approval_request",
    subjectId: row!.id,
    after: { debit: input.debitLedgerAccountId, credit: input.creditLedgerAccountId, amount: input.amount },
    reason: input.reason,
  });
  return row!.id;
}

/**
 * A first staff member approved a loan change that moves lenders' money: it waits for a second
 * one (issue 17 §5). The borrower's request stays pending and nothing changes until then.
 */
export async function requestLoanChangeApproval(
  tx: Db,
  caller: StaffCaller,
  input: { loanChange: { id: string; accountId: string }; effect: LoanChangeEffect; reason: string; today: string },
): Promise<string> {
  const [row] = await tx
    .insert(schema.approvalRequests)
    .values({ kind: "loan_change", accountId: input.loanChange.accountId, loanChangeRequestId: input.loanChange.id, reason: input.reason, requestedBy: caller.staffId, requestedOn: input.today })
    .returning({ id: schema.approvalRequests.id });
  await recordStaffAction(tx, caller.request, {
    permission: "loan_changes.decide",
    action: "loan_change.request",
    subjectType: "account",
    subjectId: input.loanChange.accountId,
    after: { request_id: row!.id, loan_change_request_id: input.loanChange.id, ...input.effect },
    reason: input.reason,
  });
  return row!.id;
}

/**
 * The checker's decision. Refused with 403 `own_request` when the checker made the request, 409
 * `already_decided` when it was decided otherwise before; repeating the same decision by the same
 * checker answers the stored result and changes nothing (idempotent).
 */
export async function decideApprovalRequest(
  tx: Db,
  caller: StaffCaller,
  input: { id: string; kind: ApprovalKind; outcome: "approve" | "reject"; reason: string; today: string },
): Promise<void> {
  const [row] = await tx
    .select()
    .from(schema.approvalRequests)
    .where(and(eq(schema.approvalRequests.id, input.id), eq(schema.approvalRequests.kind, input.kind)))
    .for("update");
  if (!row) throw approvalRequestNotFound();
  if (row.requestedBy === caller.staffId) throw new Refusal(403, "own_request", t("back-office-loans.approvals.error.own_request"));
  const decided = input.outcome === "approve" ? "approved" : "rejected";
  if (row.status !== "pending") {
    if (row.status === decided && row.decidedBy === caller.staffId) return;
    throw new Refusal(409, "already_decided", t("back-office-loans.approvals.error.already_decided"));
  }
  const outcome = input.outcome === "approve" ? await execute(tx, caller, row, input) : await onReject(tx, caller, row, input.reason);
  const claimed = await tx
    .update(schema.approvalRequests)
    .set({ status: decided, decidedBy: caller.staffId, decidedAt: new Date(), decisionReason: input.reason, outcome })
    .where(and(eq(schema.approvalRequests.id, row.id), eq(schema.approvalRequests.status, "pending")))
    .returning({ id: schema.approvalRequests.id });
  if (claimed.length === 0) throw new Refusal(409, "already_decided", t("back-office-loans.approvals.error.already_decided"));
  await recordStaffAction(tx, caller.request, {
    permission: APPROVAL_PERMISSIONS[input.kind].approve,
    action: `${input.kind}.${input.outcome}`,
    subjectType: input.kind === "ledger_adjustment" ? "approval_request" : "account",
    subjectId: input.kind === "ledger_adjustment" ? row.id : row.accountId!,
    before: { status: "pending", requested_by: row.requestedBy, reason: row.reason },
    after: { status: decided, request_id: row.id, ...(outcome ?? {}) },
    reason: input.reason,
  });
}

/** A rejected loan change approval rejects the borrower's request with it; the other kinds change nothing but the row. */
async function onReject(tx: Db, caller: StaffCaller, row: Row, reason: string): Promise<null> {
  if (row.kind === "loan_change") await rejectLoanChange(tx, caller.staffId, await lockPendingLoanChange(tx, row.loanChangeRequestId!), reason);
  return null;
}

async function execute(tx: Db, caller: StaffCaller, row: Row, input: { reason: string; today: string }): Promise<Record<string, unknown>> {
  const { today } = input;
  if (row.kind === "write_off") {
    const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, row.accountId!));
    if (!account) throw approvalRequestNotFound();
    const dpd = await checkWriteOffEligible(tx, account, today);
    const figures = await writeOffLoan(tx, account.id, today, { kind: "operator", id: caller.staffId }, `write-off request ${row.id}: ${row.reason}`);
    return { principal_written_off: figures.principal, write_off: figuresBody(figures), days_past_due: dpd };
  }
  if (row.kind === "loan_change") {
    const request = await lockPendingLoanChange(tx, row.loanChangeRequestId!);
    return (await applyLoanChange(tx, caller.staffId, request, input)).after;
  }
  try {
    const [posted] = await createTransfers(tx, [
      {
        mode: "single_phase",
        code: "correction",
        debitAccountId: row.debitLedgerAccountId!,
        creditAccountId: row.creditLedgerAccountId!,
        amount: row.amount!,
        idempotencyKey: `ledger_adjustment:${row.id}`,
        businessDate: today,
        reference: `approval_request:${row.id}`,
      },
    ]);
    return { transfer_id: posted!.id, amount: row.amount };
  } catch (error) {
    if (error instanceof LedgerRefusal) throw new Refusal(409, "ledger_refused", t("back-office-loans.approvals.error.ledger_refused", { code: error.code }));
    throw error;
  }
}

const requester = alias(schema.customers, "requester");
const decider = alias(schema.customers, "decider");
const borrower = alias(schema.customers, "borrower");
const debitAccount = alias(schema.ledgerAccounts, "debit_account");
const creditAccount = alias(schema.ledgerAccounts, "credit_account");

/** The requests of a kind (newest first), or one by id. */
export async function listApprovalRequests(db: Db, filter: { kind: ApprovalKind; status?: Row["status"]; id?: string; today: string }): Promise<ApprovalRequest[]> {
  const rows = await db
    .select({ r: schema.approvalRequests, requester, decider, borrower, debitAccount, creditAccount })
    .from(schema.approvalRequests)
    .innerJoin(requester, eq(requester.id, schema.approvalRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, schema.approvalRequests.decidedBy))
    .leftJoin(schema.accounts, eq(schema.accounts.id, schema.approvalRequests.accountId))
    .leftJoin(borrower, eq(borrower.id, schema.accounts.customerId))
    .leftJoin(debitAccount, eq(debitAccount.id, schema.approvalRequests.debitLedgerAccountId))
    .leftJoin(creditAccount, eq(creditAccount.id, schema.approvalRequests.creditLedgerAccountId))
    .where(
      and(
        eq(schema.approvalRequests.kind, filter.kind),
        filter.status ? eq(schema.approvalRequests.status, filter.status) : undefined,
        filter.id ? eq(schema.approvalRequests.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(schema.approvalRequests.createdAt))
    .limit(200);
  return Promise.all(
    rows.map(async ({ r, requester: maker, decider: checker, borrower: who, debitAccount: debit, creditAccount: credit }) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      account_id: r.accountId,
      loan_change_request_id: r.loanChangeRequestId,
      borrower_name: r.kind === "ledger_adjustment" ? null : (who?.name ?? null),
      debit_ledger_account: debit ? { id: debit.id, kind: debit.kind } : null,
      credit_ledger_account: credit ? { id: credit.id, kind: credit.kind } : null,
      amount: r.kind === "write_off" ? ((r.outcome?.principal_written_off as number | undefined) ?? null) : r.amount,
      reason: r.reason,
      requested_by: { id: maker.id, name: maker.name },
      requested_on: r.requestedOn,
      decided_by: checker ? { id: checker.id, name: checker.name } : null,
      decided_at: r.decidedAt?.toISOString() ?? null,
      decision_reason: r.decisionReason,
      days_past_due: r.kind === "write_off" && r.accountId && r.status === "pending" ? await daysPastDue(db, r.accountId, filter.today) : null,
      write_off: r.kind === "write_off" ? await writeOffOf(db, r, filter.today) : null,
    })),
  );
}

/** A pending write-off's figures as approval would take them today; an approved one's as taken. */
async function writeOffOf(db: Db, r: Row, today: string): Promise<WriteOffFiguresBody | null> {
  if (r.status === "approved") return (r.outcome?.write_off as WriteOffFiguresBody | undefined) ?? null;
  if (r.status !== "pending") return null;
  return figuresBody(await writeOffFigures(db, r.accountId!, today));
}

/** Ledger accounts an adjustment may name: a loan's (with its investments') or, without one, the platform's own. */
export async function ledgerAccountsFor(db: Db, accountId: string | undefined) {
  const rows = await db
    .select()
    .from(schema.ledgerAccounts)
    .where(
      accountId
        ? or(eq(schema.ledgerAccounts.accountId, accountId))
        : and(isNull(schema.ledgerAccounts.accountId), isNull(schema.ledgerAccounts.customerId), isNull(schema.ledgerAccounts.investmentId)),
    )
    .orderBy(schema.ledgerAccounts.kind, schema.ledgerAccounts.createdAt);
  return rows.map((a) => ({
    id: a.id,
    kind: a.kind,
    account_id: a.accountId,
    customer_id: a.customerId,
    investment_id: a.investmentId,
    balance: balanceOf(a.kind, a).posted,
  }));
}
