import { schema, type Db } from "@pinjaman/db";
import { instantOnBusinessDate } from "@pinjaman/domain/business-clock";
import { describeLoanChange, type LoanChangeEffect } from "@pinjaman/domain/loan-changes";
import { balanceOf } from "@pinjaman/domain/ledger";
import { formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import { and, eq, inArray } from "drizzle-orm";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { recordTransition, transitionApplication } from "../account-applications/status-transitions.ts";
import { addNotices } from "../customer-notices/add-notices.ts";
import { effectOf, loanState, refusalText, termsFor, type LoanChangeRow } from "./loan-change-state.ts";
import "@pinjaman/i18n/ns/back-office-loans";

export const loanChangeNotFound = () => new Refusal(404, "loan_change_request_not_found", t("back-office-loans.loan_changes.error.not_found"));
const alreadyDecided = () => new Refusal(409, "already_decided", t("back-office-loans.loan_changes.error.already_decided"));

/** The pending request, locked for the decision. */
export async function lockPendingLoanChange(tx: Db, id: string): Promise<LoanChangeRow> {
  const [request] = await tx.select().from(schema.loanChangeRequests).where(eq(schema.loanChangeRequests.id, id)).for("update");
  if (!request) throw loanChangeNotFound();
  if (request.status !== "pending") throw alreadyDecided();
  return request;
}

/**
 * Approval, in the caller's transaction (decision 0027): the new application (type of the request,
 * status active through `take_effect`, effective today) with its invoices; the old application's
 * open invoices become `replaced` and it is superseded (deactivated); the loan's settled
 * investments follow the new application, so repayments keep reaching the same lenders, and each
 * of those lenders gets a notice saying what changed for them (issue 17 §5). Answers the terms
 * before and after, for the staff action.
 */
export async function applyLoanChange(tx: Db, staffId: string, request: LoanChangeRow, input: { reason: string; today: string }) {
  const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, request.accountId)).for("update");
  if (account?.status !== "active") throw new Refusal(409, "loan_not_active", t("back-office-loans.loan_changes.error.not_active"));
  const state = await loanState(tx, request.accountId, input.today);
  if (!state) throw new Refusal(409, "loan_not_active", t("back-office-loans.loan_changes.error.not_active"));
  const terms = termsFor(request, state, input.today);
  if (!terms.ok) throw new FieldErrors({ [terms.field]: [refusalText(terms.reason)] }, 409);
  const actor = { kind: "operator" as const, id: staffId };
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
  const newApplicationId = created!.id;
  await recordTransition(tx, { subject: "account_application", id: newApplicationId, from: null, to: "submitted", event: "submit", actor: { kind: "customer", id: request.customerId }, reason: request.reason });
  await transitionApplication(tx, newApplicationId, "take_effect", actor, why);
  await tx.insert(schema.invoices).values(
    terms.instalments.map((i) => ({
      accountId: request.accountId,
      accountApplicationId: newApplicationId,
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
    .returning({ id: schema.investments.id, customerId: schema.investments.customerId, amount: schema.investments.amount });
  const effect = effectOf(request, state, terms);
  const notified = await notifyLenders(tx, request, effect, moved, input.today);

  const claimed = await tx
    .update(schema.loanChangeRequests)
    .set({ status: "approved", decidedBy: staffId, decidedAt: new Date(), decisionReason: input.reason, newApplicationId })
    .where(and(eq(schema.loanChangeRequests.id, request.id), eq(schema.loanChangeRequests.status, "pending")))
    .returning({ id: schema.loanChangeRequests.id });
  if (claimed.length === 0) throw alreadyDecided();
  return {
    before: { application_id: state.current.id, term: state.current.term, daily_rate_ppm: state.current.dailyRatePpm, maturity_on: state.current.maturityOn },
    after: {
      status: "approved",
      loan_change_request_id: request.id,
      new_application_id: newApplicationId,
      term: terms.termMonths,
      daily_rate_ppm: terms.dailyRatePpm,
      total_repayment: terms.totalRepayment,
      maturity_on: terms.maturityOn,
      replaced_invoices: state.openInvoices.map((i) => i.id),
      waived_late_fees: state.unpaidLateFees,
      investments_moved: moved.map((m) => m.id),
      lenders_notified: notified,
    },
  };
}

/** Each lender of the loan is told, in an in-app notice, what the change does to their money. */
async function notifyLenders(
  tx: Db,
  request: LoanChangeRow,
  effect: LoanChangeEffect,
  investments: { id: string; customerId: string; amount: number }[],
  today: string,
): Promise<number> {
  if (investments.length === 0) return 0;
  const shares = await tx
    .select()
    .from(schema.ledgerAccounts)
    .where(and(eq(schema.ledgerAccounts.kind, "lender_investment"), inArray(schema.ledgerAccounts.investmentId, investments.map((i) => i.id))));
  const change = describeLoanChange(effect);
  await addNotices(
    tx,
    instantOnBusinessDate(today),
    investments.map((investment) => {
      const share = shares.find((s) => s.investmentId === investment.id);
      return {
        customerId: investment.customerId,
        title: t("back-office-loans.loan_changes.lender_notice.title"),
        body: t("back-office-loans.loan_changes.lender_notice.body", {
          invested: formatRupiah(investment.amount),
          type: t(`back-office-loans.loan_changes.lender_notice_type.${request.typeKey}`),
          change,
          share: formatRupiah(share ? balanceOf("lender_investment", share).posted : 0),
        }),
      };
    }),
  );
  return investments.length;
}

/** Rejection: only the request changes. */
export async function rejectLoanChange(tx: Db, staffId: string, request: LoanChangeRow, reason: string): Promise<void> {
  const claimed = await tx
    .update(schema.loanChangeRequests)
    .set({ status: "rejected", decidedBy: staffId, decidedAt: new Date(), decisionReason: reason })
    .where(and(eq(schema.loanChangeRequests.id, request.id), eq(schema.loanChangeRequests.status, "pending")))
    .returning({ id: schema.loanChangeRequests.id });
  if (claimed.length === 0) throw alreadyDecided();
}
