import { schema, type Db } from "@pinjaman/db";
import { loanChangeTerms, type LoanChangeEffect, type LoanChangeTerms } from "@pinjaman/domain/loan-changes";
import { hasKey, t } from "@pinjaman/i18n";
import { and, asc, eq } from "drizzle-orm";
import "@pinjaman/i18n/ns/back-office-loans";

/** A loan's current terms and what is still open of them, read for a loan change (decision 0027). */

export type LoanChangeRow = typeof schema.loanChangeRequests.$inferSelect;

export type LoanState = {
  current: typeof schema.accountApplications.$inferSelect;
  initialMaturityOn: string | null;
  openInvoices: (typeof schema.invoices.$inferSelect)[];
  outstandingPrincipal: number;
  arrearsInterest: number;
  /** Late fees accrued and unpaid: a change waives them. */
  unpaidLateFees: number;
  loanType: "consumptive" | "productive";
};

export async function loanState(db: Db, accountId: string, today: string): Promise<LoanState | null> {
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
    unpaidLateFees: openInvoices.reduce((s, i) => s + i.lateFee - i.paidLateFee, 0),
    loanType: product?.loanType ?? "consumptive",
  };
}

export function termsFor(request: LoanChangeRow, state: LoanState, today: string): LoanChangeTerms {
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

/** What approving the request today does to the lenders' money (issue 17 §5). */
export function effectOf(request: LoanChangeRow, state: LoanState, terms: Extract<LoanChangeTerms, { ok: true }>): LoanChangeEffect {
  return {
    extraMonths: request.extraMonths,
    maturityFrom: state.current.maturityOn,
    maturityTo: terms.maturityOn,
    rateFromPpm: state.current.dailyRatePpm,
    rateToPpm: terms.dailyRatePpm,
    waivedLateFees: state.unpaidLateFees,
  };
}

export function refusalText(reason: string): string {
  const key = `back-office-loans.loan_changes.refused.${reason}`;
  return hasKey(key) ? t(key) : reason;
}
