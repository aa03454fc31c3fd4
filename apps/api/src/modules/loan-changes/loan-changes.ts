import { schema, type Db } from "@pinjaman/db";
import { daysBetween } from "@pinjaman/domain/dates";
import { loanChangeTerms, MAX_EXTRA_MONTHS, relievedRatePpm, type LoanChangeTerms } from "@pinjaman/domain/loan-changes";
import { hasKey, t } from "@pinjaman/i18n";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import type { LoanChangeRequest } from "@pinjaman/contracts/loan-changes";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { recordTransition, transitionApplication } from "../account-applications/status-transitions.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
import "@pinjaman/i18n/ns/back-office-loans";
import "@pinjaman/i18n/ns/borrower_flows";

/**
 * Reschedule and restructure (decision 0027). The borrower's request
 * (a loan-account flow calls `requestLoanChange`) waits for staff; approval opens a new current
 * application of the request's type on the same account with a new schedule (domain
 * `loanChangeTerms`), replaces the open invoices of the old one and supersedes it, in one
 * transaction.
 */

type RequestRow = typeof schema.loanChangeRequests.$inferSelect;
type Caller = { staffId: string; request: FastifyRequest };

export const loanChangeNotFound = () => new Refusal(404, "loan_change_request_not_found", t("back-office-loans.loan_changes.error.not_found"));

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

type LoanState = {
  current: typeof schema.accountApplications.$inferSelect;
  initialMaturityOn: string | null;
  openInvoices: (typeof schema.invoices.$inferSelect)[];
  outstandingPrincipal: number;
  arrearsInterest: number;
  loanType: "consumptive" | "productive";
};

async function loanState(db: Db, accountId: string, today: string): Promise<LoanState | null> {
  const applications = await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.accountId, accountId)).orderBy(asc(schema.accountApplications.createdAt));
  const current = [...applications].reverse().find((a) => a.status === "activated" || a.status === "active");
  if (!current) return null;
  const initial = applications.find((a) => a.typeKey === "initial");
  const [product] = await db
    .select({ loanType: schema.products.loanType })
    .from(schema.accounts)
    .innerJoin(schema.products, eq(schema.products.key, schema.accounts.productKey))
    .where(eq(schema.accounts.id, accountId));
  const openInvoices = await db
    .select()
    .from(schema.invoices)
    .where(and(eq(schema.invoices.accountApplicationId, current.id), eq(schema.invoices.status, "open")))
    .orderBy(asc(schema.invoices.number));
  return {
    current,
    initialMaturityOn: initial?.maturityOn ?? null,
    openInvoices,
    outstandingPrincipal: openInvoices.reduce((s, i) => s + i.principal - i.paidPrincipal, 0),
    arrearsInterest: openInvoices.filter((i) => i.dueOn <= today).reduce((s, i) => s + i.interest - i.paidInterest, 0),
    loanType: product?.loanType ?? "consumptive",
  };
}

function termsFor(request: RequestRow, state: LoanState, today: string): LoanChangeTerms {
  return loanChangeTerms({
    type: request.typeKey,
    loanType: state.loanType,
    outstandingPrincipal: state.outstandingPrincipal,
    arrearsInterest: state.arrearsInterest,
    openInstalments: state.openInvoices.length,
    extraMonths: request.extraMonths,
    currentRatePpm: state.current.dailyRatePpm,
    requestedRatePpm: request.dailyRatePpm,
    today,
  });
}

function refusalText(reason: string): string {
  const key = `back-office-loans.loan_changes.refused.${reason}`;
  return hasKey(key) ? t(key) : reason;
}

/**
 * Staff decide. Approve: the new application (type of the request, status active through
 * `take_effect`, effective today) with its invoices; the old application's open invoices become
 * `replaced` and it is superseded (deactivated); the loan's settled investments follow the new
 * application, so repayments keep reaching the same lenders. Reject: only the request changes.
 * A decided request: 409 (the same decision by the same person again: nothing changes).
 */
export async function decideLoanChange(tx: Db, caller: Caller, input: { id: string; outcome: "approve" | "reject"; reason: string; today: string }): Promise<void> {
  const [request] = await tx.select().from(schema.loanChangeRequests).where(eq(schema.loanChangeRequests.id, input.id)).for("update");
  if (!request) throw loanChangeNotFound();
  const decided = input.outcome === "approve" ? "approved" : "rejected";
  if (request.status !== "pending") {
    if (request.status === decided && request.decidedBy === caller.staffId) return;
    throw new Refusal(409, "already_decided", t("back-office-loans.loan_changes.error.already_decided"));
  }
  let after: Record<string, unknown> = { status: decided };
  let newApplicationId: string | null = null;
  if (input.outcome === "approve") {
    const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, request.accountId)).for("update");
    if (account?.status !== "active") throw new Refusal(409, "loan_not_active", t("back-office-loans.loan_changes.error.not_active"));
    const state = await loanState(tx, request.accountId, input.today);
    if (!state) throw new Refusal(409, "loan_not_active", t("back-office-loans.loan_changes.error.not_active"));
    const terms = termsFor(request, state, input.today);
    if (!terms.ok) throw new FieldErrors({ [terms.field]: [refusalText(terms.reason)] }, 409);
    const actor = { kind: "operator" as const, id: caller.staffId };
    const why = `${request.typeKey} request ${request.id}: ${input.reason}`;

    await tx
      .update(schema.invoices)
      .set({ status: "replaced" })
      .where(and(eq(schema.invoices.accountApplicationId, state.current.id), eq(schema.invoices.status, "open")));
    await transitionApplication(tx, state.current.id, "supersede", actor, why);
    const [created] = await tx
      .insert(schema.accountApplications)
      .values({
        accountId: request.accountId,
        typeKey: request.typeKey,
        status: "submitted",
        amount: state.outstandingPrincipal,
        term: terms.termMonths,
        dailyRatePpm: terms.dailyRatePpm,
        totalRepayment: terms.totalRepayment,
        flowProgressId: request.flowProgressId,
        submittedOn: request.requestedOn,
        approvedOn: input.today,
        fundedOn: state.current.fundedOn,
        effectiveOn: input.today,
        maturityOn: terms.maturityOn,
        riskGrade: state.current.riskGrade,
      })
      .returning({ id: schema.accountApplications.id });
    newApplicationId = created!.id;
    await recordTransition(tx, { subject: "account_application", id: newApplicationId, from: null, to: "submitted", event: "submit", actor: { kind: "customer", id: request.customerId }, reason: request.reason });
    await transitionApplication(tx, newApplicationId, "take_effect", actor, why);
    await tx.insert(schema.invoices).values(
      terms.instalments.map((i) => ({
        accountId: request.accountId,
        accountApplicationId: newApplicationId!,
        number: i.number,
        dueOn: i.dueOn,
        principal: i.principal,
        interest: i.interest,
        total: i.total,
      })),
    );
    const moved = await tx
      .update(schema.investments)
      .set({ accountApplicationId: newApplicationId })
      .where(and(eq(schema.investments.accountApplicationId, state.current.id), inArray(schema.investments.status, ["settled"])))
      .returning({ id: schema.investments.id });
    after = {
      status: decided,
      new_application_id: newApplicationId,
      term: terms.termMonths,
      daily_rate_ppm: terms.dailyRatePpm,
      total_repayment: terms.totalRepayment,
      maturity_on: terms.maturityOn,
      replaced_invoices: state.openInvoices.map((i) => i.id),
      waived_late_fees: state.openInvoices.reduce((s, i) => s + i.lateFee - i.paidLateFee, 0),
      investments_moved: moved.map((m) => m.id),
    };
    const before = { application_id: state.current.id, term: state.current.term, daily_rate_ppm: state.current.dailyRatePpm, maturity_on: state.current.maturityOn };
    await finish(tx, caller, request, input, decided, newApplicationId, before, after);
    return;
  }
  await finish(tx, caller, request, input, decided, null, { status: "pending" }, after);
}

async function finish(tx: Db, caller: Caller, request: RequestRow, input: { outcome: "approve" | "reject"; reason: string }, decided: "approved" | "rejected", newApplicationId: string | null, before: unknown, after: unknown) {
  const claimed = await tx
    .update(schema.loanChangeRequests)
    .set({ status: decided, decidedBy: caller.staffId, decidedAt: new Date(), decisionReason: input.reason, newApplicationId })
    .where(and(eq(schema.loanChangeRequests.id, request.id), eq(schema.loanChangeRequests.status, "pending")))
    .returning({ id: schema.loanChangeRequests.id });
  if (claimed.length === 0) throw new Refusal(409, "already_decided", t("back-office-loans.loan_changes.error.already_decided"));
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

/** The terms an approved request gave: its application and invoices as stored. */
async function appliedTerms(db: Db, accountId: string, applicationId: string): Promise<{ terms: LoanChangeTerms; initialMaturityOn: string | null } | null> {
  const [application] = await db.select().from(schema.accountApplications).where(eq(schema.accountApplications.id, applicationId));
  if (!application?.maturityOn) return null;
  const [initial] = await db
    .select({ maturityOn: schema.accountApplications.maturityOn })
    .from(schema.accountApplications)
    .where(and(eq(schema.accountApplications.accountId, accountId), eq(schema.accountApplications.typeKey, "initial")));
  const invoices = await db.select().from(schema.invoices).where(eq(schema.invoices.accountApplicationId, applicationId)).orderBy(asc(schema.invoices.number));
  return {
    terms: {
      ok: true,
      termMonths: application.term,
      dailyRatePpm: application.dailyRatePpm,
      totalRepayment: application.totalRepayment,
      maturityOn: application.maturityOn,
      instalments: invoices.map((i) => ({ number: i.number, dueOn: i.dueOn, principal: i.principal, interest: i.interest + i.waivedInterest, total: i.total + i.waivedInterest })),
    },
    initialMaturityOn: initial?.maturityOn ?? null,
  };
}

/** Requests newest first (or one by id), each pending one with the terms approval would give today. */
export async function listLoanChanges(db: Db, filter: { status?: RequestRow["status"]; id?: string; today: string }): Promise<LoanChangeRequest[]> {
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
      const applied = !state && r.newApplicationId ? await appliedTerms(db, r.accountId, r.newApplicationId) : null;
      const terms: LoanChangeTerms | null = state ? termsFor(r, state, filter.today) : (applied?.terms ?? null);
      const initialMaturityOn = state?.initialMaturityOn ?? applied?.initialMaturityOn ?? null;
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
              }
            : null,
        proposal_refused: terms && !terms.ok ? refusalText(terms.reason) : state ? null : r.status === "pending" ? t("back-office-loans.loan_changes.error.not_active") : null,
        decided_by: who ? { id: who.id, name: who.name } : null,
        decision_reason: r.decisionReason,
        new_application_id: r.newApplicationId,
      };
    }),
  );
}
