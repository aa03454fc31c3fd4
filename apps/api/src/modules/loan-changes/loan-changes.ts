import { schema, type Db } from "@pinjaman/db";
import { daysBetween } from "@pinjaman/domain/dates";
import { MAX_EXTRA_MONTHS, needsSecondApproval, relievedRatePpm, type LoanChangeEffect, type LoanChangeTerms } from "@pinjaman/domain/loan-changes";
import { hasKey, t } from "@pinjaman/i18n";
import { and, asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import type { LoanChangeRequest } from "@pinjaman/contracts/loan-changes";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { requestLoanChangeApproval } from "../approvals/approval-requests.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { applyLoanChange, loanChangeNotFound, rejectLoanChange } from "./apply-loan-change.ts";
import { effectOf, loanState, refusalText, termsFor, type LoanChangeRow } from "./loan-change-state.ts";
import "@pinjaman/i18n/ns/back-office-loans";
import "@pinjaman/i18n/ns/borrower_flows";

/**
 * Reschedule and restructure (decision 0027). The borrower's request
 * (a loan-account flow calls `requestLoanChange`) waits for staff; approval (`applyLoanChange`)
 * opens a new current application of the request's type on the same account with a new schedule
 * (domain `loanChangeTerms`), replaces the open invoices of the old one and supersedes it, in one
 * transaction; one that moves lenders' money waits for a second staff member first (issue 17 §5).
 */

type Caller = { staffId: string; request: FastifyRequest };

/** The borrower asks (from a loan-account flow): the loan must be theirs and active, with no other request pending. */
export async function requestLoanChange(
  tx: Db,
  input: { customerId: string; accountId: string; typeKey: "reschedule" | "restructure"; extraMonths: number; dailyRatePpm?: number | null; reason: string; flowProgressId?: string | null; today: string },
): Promise<string> {
  const fields: Record<string, string[]> = {};
  if (!Number.isSafeInteger(input.extraMonths) || input.extraMonths < 1 || input.extraMonths > MAX_EXTRA_MONTHS) fields.extra_months = [t("back-office-loans.loan_changes.refused.extra_months_range")];
  const rate = input.dailyRatePpm;
  if (rate !== undefined && rate !== null && (!Number.isSafeInteger(rate) || rate < 0)) fields.daily_rate_ppm = [t("back-office-loans.loan_changes.refused.rate_not_lower")];
  if (input.reason.trim().length === 0) fields.reason = [t("back-office-loans.loan_changes.error.reason_required")];
  if (Object.keys(fields).length) throw new FieldErrors(fields);
  const [account] = await tx
    .select()
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, input.accountId), eq(schema.accounts.customerId, input.customerId), eq(schema.accounts.typeKey, "loan")))
    // The loan's row lock serialises requests for it: the pending check below sees any other one.
    .for("update");
  if (!account) throw new Refusal(404, "account_not_found", t("back-office-loans.loan_changes.error.account_not_found"));
  if (account.status !== "active") throw new Refusal(409, "loan_not_active", t("back-office-loans.loan_changes.error.not_active"));
  const [pending] = await tx
    .select({ id: schema.loanChangeRequests.id })
    .from(schema.loanChangeRequests)
    .where(and(eq(schema.loanChangeRequests.accountId, input.accountId), eq(schema.loanChangeRequests.status, "pending")));
  if (pending) throw new Refusal(409, "loan_change_pending", t("back-office-loans.loan_changes.error.already_pending"));
  const [row] = await tx
    .insert(schema.loanChangeRequests)
    .values({
      accountId: input.accountId,
      customerId: input.customerId,
      typeKey: input.typeKey,
      extraMonths: input.extraMonths,
      dailyRatePpm: input.typeKey === "restructure" ? (input.dailyRatePpm ?? null) : null,
      reason: input.reason,
      flowProgressId: input.flowProgressId ?? null,
      requestedOn: input.today,
    })
    .returning({ id: schema.loanChangeRequests.id });
  return row!.id;
}

/**
 * The borrower's request flow completed (reschedule_request / restructure_request, decision 0027):
 * the months and reason chosen, the note, and for a restructure the rate relief asked for as a
 * daily rate (the current one lowered), stored as a pending request for staff.
 */
export async function requestLoanChangeFromFlow(
  tx: Db,
  typeKey: "reschedule" | "restructure",
  input: { customerId: string; accountId: string; values: Record<string, unknown>; progressId: string; today: string },
): Promise<string> {
  const { values } = input;
  const reasonKey = `borrower_flows.option.loan_change_reason.${String(values.loan_change_reason ?? "")}`;
  const note = typeof values.loan_change_note === "string" ? values.loan_change_note.trim() : "";
  const reason = [hasKey(reasonKey) ? t(reasonKey) : String(values.loan_change_reason ?? ""), note].filter(Boolean).join(": ");
  let dailyRatePpm: number | null = null;
  if (typeKey === "restructure") {
    const state = await loanState(tx, input.accountId, input.today);
    if (state) dailyRatePpm = relievedRatePpm(state.current.dailyRatePpm, Number(values.rate_relief ?? 0));
  }
  return requestLoanChange(tx, {
    customerId: input.customerId,
    accountId: input.accountId,
    typeKey,
    extraMonths: Number(values.extra_months),
    dailyRatePpm,
    reason,
    flowProgressId: input.progressId,
    today: input.today,
  });
}

/**
 * Staff decide. Reject: only the request changes. Approve: a change that lowers the rate, forgives
 * late fees or moves the maturity (`needsSecondApproval`) waits for a second staff member's
 * approval (approvals of decision 0027, issue 17 §5), with nothing changed yet; any other is
 * applied at once (`applyLoanChange`). While the second approval waits, the request is decided
 * there: 409 here (the first approver's own repeat answers as it stands). A decided request: 409
 * (the same decision by the same person again: nothing changes).
 */
export async function decideLoanChange(tx: Db, caller: Caller, input: { id: string; outcome: "approve" | "reject"; reason: string; today: string }): Promise<void> {
  const [request] = await tx.select().from(schema.loanChangeRequests).where(eq(schema.loanChangeRequests.id, input.id)).for("update");
  if (!request) throw loanChangeNotFound();
  const decided = input.outcome === "approve" ? "approved" : "rejected";
  if (request.status !== "pending") {
    if (request.status === decided && request.decidedBy === caller.staffId) return;
    throw new Refusal(409, "already_decided", t("back-office-loans.loan_changes.error.already_decided"));
  }
  const [approval] = await tx
    .select({ requestedBy: schema.approvalRequests.requestedBy })
    .from(schema.approvalRequests)
    .where(and(eq(schema.approvalRequests.loanChangeRequestId, request.id), eq(schema.approvalRequests.status, "pending")));
  if (approval) {
    if (input.outcome === "approve" && approval.requestedBy === caller.staffId) return;
    throw new Refusal(409, "approval_pending", t("back-office-loans.loan_changes.error.approval_pending"));
  }
  if (input.outcome === "reject") {
    await rejectLoanChange(tx, caller.staffId, request, input.reason);
    await audit(tx, caller, request, input, { status: "pending" }, { status: "rejected" });
    return;
  }
  const [account] = await tx.select({ status: schema.accounts.status }).from(schema.accounts).where(eq(schema.accounts.id, request.accountId));
  const state = account?.status === "active" ? await loanState(tx, request.accountId, input.today) : null;
  if (!state) throw new Refusal(409, "loan_not_active", t("back-office-loans.loan_changes.error.not_active"));
  const terms = termsFor(request, state, input.today);
  if (!terms.ok) throw new FieldErrors({ [terms.field]: [refusalText(terms.reason)] }, 409);
  const effect = effectOf(request, state, terms);
  if (needsSecondApproval(effect)) {
    await requestLoanChangeApproval(tx, caller, { loanChange: request, effect, reason: input.reason, today: input.today });
    return;
  }
  const { before, after } = await applyLoanChange(tx, caller.staffId, request, input);
  await audit(tx, caller, request, input, before, after);
}

async function audit(tx: Db, caller: Caller, request: LoanChangeRow, input: { outcome: "approve" | "reject"; reason: string }, before: unknown, after: unknown) {
  await recordStaffAction(tx, caller.request, {
    permission: "loan_changes.decide",
    action: `${request.typeKey}.${input.outcome}`,
    subjectType: "account",
    subjectId: request.accountId,
    before,
    after,
    reason: input.reason,
  });
}

const decider = alias(schema.customers, "decider");
const maker = alias(schema.customers, "maker");
const checker = alias(schema.customers, "checker");

/** The terms an approved request gave: its application and invoices as stored, and what they changed from the application they superseded. */
async function appliedTerms(db: Db, request: LoanChangeRow, applicationId: string): Promise<{ terms: LoanChangeTerms; initialMaturityOn: string | null; effect: LoanChangeEffect } | null> {
  const applications = await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.accountId, request.accountId)).orderBy(asc(schema.accountApplications.createdAt));
  const index = applications.findIndex((a) => a.id === applicationId);
  const application = applications[index];
  const previous = applications[index - 1];
  if (!application?.maturityOn || !previous) return null;
  const invoices = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId)).orderBy(asc(schema.invoices.number));
  const replaced = await db
    .select({ lateFee: schema.invoices.lateFee, paidLateFee: schema.invoices.paidLateFee })
    .from(schema.invoices)
    .where(and(eq(schema.invoices.accountApplicationId, previous.id), eq(schema.invoices.status, "replaced")));
  return {
    terms: {
      ok: true,
      termMonths: application.term,
      dailyRatePpm: application.dailyRatePpm,
      totalRepayment: application.totalRepayment,
      maturityOn: application.maturityOn,
      instalments: invoices.map((i) => ({ number: i.number, dueOn: i.dueOn, principal: i.principal, interest: i.interest + i.waivedInterest, total: i.total + i.waivedInterest })),
    },
    initialMaturityOn: applications.find((a) => a.typeKey === "initial")?.maturityOn ?? null,
    effect: {
      extraMonths: request.extraMonths,
      maturityFrom: previous.maturityOn,
      maturityTo: application.maturityOn,
      rateFromPpm: previous.dailyRatePpm,
      rateToPpm: application.dailyRatePpm,
      waivedLateFees: replaced.reduce((s, i) => s + i.lateFee - i.paidLateFee, 0),
    },
  };
}

/** The latest second approval asked for a request (issue 17 §5). */
async function approvalOf(db: Db, loanChangeRequestId: string): Promise<LoanChangeRequest["approval"]> {
  const [row] = await db
    .select({ a: schema.approvalRequests, maker, checker })
    .from(schema.approvalRequests)
    .innerJoin(maker, eq(maker.id, schema.approvalRequests.requestedBy))
    .leftJoin(checker, eq(checker.id, schema.approvalRequests.decidedBy))
    .where(eq(schema.approvalRequests.loanChangeRequestId, loanChangeRequestId))
    .orderBy(desc(schema.approvalRequests.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.a.id,
    status: row.a.status,
    requested_by: { id: row.maker.id, name: row.maker.name },
    requested_on: row.a.requestedOn,
    decided_by: row.checker ? { id: row.checker.id, name: row.checker.name } : null,
    decision_reason: row.a.decisionReason,
  };
}

/** Requests newest first (or one by id), each pending one with the terms approval would give today. */
export async function listLoanChanges(db: Db, filter: { status?: LoanChangeRow["status"]; id?: string; today: string }): Promise<LoanChangeRequest[]> {
  const rows = await db
    .select({ r: schema.loanChangeRequests, borrowerName: schema.customers.name, decider })
    .from(schema.loanChangeRequests)
    .innerJoin(schema.customers, eq(schema.customers.id, schema.loanChangeRequests.customerId))
    .leftJoin(decider, eq(decider.id, schema.loanChangeRequests.decidedBy))
    .where(and(filter.status ? eq(schema.loanChangeRequests.status, filter.status) : undefined, filter.id ? eq(schema.loanChangeRequests.id, filter.id) : undefined))
    .orderBy(desc(schema.loanChangeRequests.createdAt))
    .limit(200);
  return Promise.all(
    rows.map(async ({ r, borrowerName, decider: who }) => {
      const state = r.status === "pending" ? await loanState(db, r.accountId, filter.today) : null;
      const applied = !state && r.newApplicationId ? await appliedTerms(db, r, r.newApplicationId) : null;
      const terms: LoanChangeTerms | null = state ? termsFor(r, state, filter.today) : (applied?.terms ?? null);
      const initialMaturityOn = state?.initialMaturityOn ?? applied?.initialMaturityOn ?? null;
      const effect = terms?.ok ? (state ? effectOf(r, state, terms) : applied!.effect) : null;
      return {
        id: r.id,
        account_id: r.accountId,
        borrower_name: borrowerName,
        type_key: r.typeKey,
        status: r.status,
        extra_months: r.extraMonths,
        requested_daily_rate_ppm: r.dailyRatePpm,
        reason: r.reason,
        requested_on: r.requestedOn,
        current: state
          ? { term: state.current.term, daily_rate_ppm: state.current.dailyRatePpm, maturity_on: state.current.maturityOn, outstanding_principal: state.outstandingPrincipal }
          : null,
        proposal:
          terms?.ok
            ? {
                term: terms.termMonths,
                daily_rate_ppm: terms.dailyRatePpm,
                total_repayment: terms.totalRepayment,
                maturity_on: terms.maturityOn,
                maturity_extension_days: initialMaturityOn ? daysBetween(initialMaturityOn, terms.maturityOn) : 0,
                instalments: terms.instalments.map((i) => ({ number: i.number, due_on: i.dueOn, principal: i.principal, interest: i.interest, total: i.total })),
                effect: {
                  extra_months: effect!.extraMonths,
                  maturity_from: effect!.maturityFrom,
                  maturity_to: effect!.maturityTo,
                  rate_from_ppm: effect!.rateFromPpm,
                  rate_to_ppm: effect!.rateToPpm,
                  waived_late_fees: effect!.waivedLateFees,
                },
                needs_second_approval: needsSecondApproval(effect!),
              }
            : null,
        proposal_refused: terms && !terms.ok ? refusalText(terms.reason) : state ? null : r.status === "pending" ? t("back-office-loans.loan_changes.error.not_active") : null,
        decided_by: who ? { id: who.id, name: who.name } : null,
        decision_reason: r.decisionReason,
        new_application_id: r.newApplicationId,
        approval: await approvalOf(db, r.id),
      };
    }),
  );
}
