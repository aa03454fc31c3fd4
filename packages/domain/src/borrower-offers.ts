import type { LoanSettings } from "./loan-settings.ts";
import { newLoanRefusal, type NewLoanBook, type NewLoanRefusal } from "./new-loan-flow.ts";

/**
 * Which of the returning-customer flows of spec section 6 a signed-in borrower is offered, and
 * within which limits (decision "borrower flow offers"). Pure: the API reads the book, this
 * decides. The flows and their rules:
 *
 * - `consumer_installment_loan`: a returning customer (a loan of ours was disbursed to them) with a
 *   clean history (never late: no late fee, nothing paid or left after its due date). The amount
 *   grows with what they repaid: at most twice the largest loan repaid in full (LUNAS), on the
 *   product's amount step, within the product's bounds; the product's terms.
 * - `mini_installment_loan`: a returning customer who was late at least once: a small loan to
 *   rebuild the history, at most Rp 2.000.000 over at most 3 months (within the product's bounds).
 * - `repeat_multi_product`: a "loaded" customer: a clean history and at least two loans repaid in
 *   full. They choose the product: every active consumptive product, and any product they already
 *   repaid a loan of; each product's own bounds.
 * - `refinancing` (a loan-account flow): an active loan with unpaid principal, nothing overdue on
 *   it, at least one instalment paid, and no application in flight. The new amount must cover the
 *   old loan's payoff (rounded up to the amount step) plus at least one amount step for the
 *   borrower, within the product's bounds.
 * - `no_flow_available_v2`: what a signed-in customer sees when none of the application flows
 *   above is offered; it names the reasons (the new-loan refusal, or "not returning yet").
 *
 * The three application flows are bound by the new-loan rule (spec section 4) first: any refusal
 * withholds all three.
 */

export const CONSUMER_INSTALLMENT_LOAN = "consumer_installment_loan";
export const MINI_INSTALLMENT_LOAN = "mini_installment_loan";
export const REPEAT_MULTI_PRODUCT = "repeat_multi_product";
export const REFINANCING = "refinancing";
export const NO_FLOW_AVAILABLE_V2 = "no_flow_available_v2";

export const APPLICATION_OFFER_FLOWS = [CONSUMER_INSTALLMENT_LOAN, MINI_INSTALLMENT_LOAN, REPEAT_MULTI_PRODUCT] as const;
export type ApplicationOfferFlow = (typeof APPLICATION_OFFER_FLOWS)[number];
export type OfferedFlowKey = ApplicationOfferFlow | typeof REFINANCING;

/** The mini loan's ceiling: a small first step back after a late payment. */
export const MINI_MAX_AMOUNT = 2_000_000;
export const MINI_MAX_TERM = 3;
/** Repaid in full twice or more: a loaded customer. */
export const LOADED_REPAID_LOANS = 2;
/** The consumer loan's ceiling grows to this multiple of the largest loan repaid. */
export const GROWTH_FACTOR = 2;

export type BorrowerLoan = {
  accountId: string;
  productKey: string | null;
  status: string;
  principalBalance: number;
  /** The loan's disbursed amount. */
  amount: number;
  /** Any of its invoices open past due today. */
  overdue: boolean;
  /** Instalments paid in full. */
  paidInstalments: number;
  /** Its payoff today (decision 0013), for an active loan; null otherwise. */
  payoff: number | null;
};

export type BorrowerBook = NewLoanBook & {
  /** Loan accounts closed LUNAS after a disbursal (not written off, not sold). */
  repaidLoans: ReadonlyArray<{ productKey: string | null; amount: number }>;
  /** A late fee was ever charged, or an instalment was paid after (or is open past) its due date. */
  everLate: boolean;
  /** Disbursed loans that are still active. */
  activeLoans: readonly BorrowerLoan[];
};

export type ProductRules = { key: string; loanType: "consumptive" | "productive"; loanSettings: LoanSettings };

/** Why an application flow is not offered, each with a catalogue key of `borrower_flows.reason`. */
export type OfferRefusal = NewLoanRefusal | "not_returning" | "late_history" | "clean_history" | "not_loaded";

export type FlowOffer = { offered: true } | { offered: false; reason: OfferRefusal };

const roundDownToStep = (amount: number, s: LoanSettings) => s.min_amount + Math.floor((amount - s.min_amount) / s.amount_step) * s.amount_step;
const roundUpToStep = (amount: number, s: LoanSettings) => s.min_amount + Math.ceil(Math.max(0, amount - s.min_amount) / s.amount_step) * s.amount_step;

/** Whether an application flow is offered to this book. */
export function applicationOffer(flow: ApplicationOfferFlow, book: BorrowerBook): FlowOffer {
  const refusal = newLoanRefusal(book);
  if (refusal) return { offered: false, reason: refusal };
  if (!book.hadLoan) return { offered: false, reason: "not_returning" };
  if (flow === MINI_INSTALLMENT_LOAN) return book.everLate ? { offered: true } : { offered: false, reason: "clean_history" };
  if (book.everLate) return { offered: false, reason: "late_history" };
  if (flow === REPEAT_MULTI_PRODUCT && book.repaidLoans.length < LOADED_REPAID_LOANS) return { offered: false, reason: "not_loaded" };
  return { offered: true };
}

/** The application flows offered, in the order the dashboard shows them. */
export function offeredApplicationFlows(book: BorrowerBook): ApplicationOfferFlow[] {
  return APPLICATION_OFFER_FLOWS.filter((flow) => applicationOffer(flow, book).offered);
}

/** The reason no_flow_available_v2 shows: the first refusal of the consumer flow (the one most customers get). */
export function noFlowReason(book: BorrowerBook): OfferRefusal | null {
  if (offeredApplicationFlows(book).length > 0) return null;
  const consumer = applicationOffer(CONSUMER_INSTALLMENT_LOAN, book);
  return consumer.offered ? null : consumer.reason;
}

/** The products a multi-product customer chooses from. */
export function multiProductChoices(book: BorrowerBook, products: readonly ProductRules[]): string[] {
  const repaid = new Set(book.repaidLoans.map((l) => l.productKey));
  return products.filter((p) => p.loanType === "consumptive" || repaid.has(p.key)).map((p) => p.key);
}

/**
 * The loan settings a flow offers this customer for `product`: the product's, narrowed by the
 * flow's rule. Null when the rule leaves no amount (the range would be empty).
 */
export function offerLimits(flow: OfferedFlowKey, product: ProductRules, book: BorrowerBook, loan?: BorrowerLoan): LoanSettings | null {
  const s = product.loanSettings;
  let settings: LoanSettings = { ...s };
  if (flow === MINI_INSTALLMENT_LOAN) {
    settings = { ...s, max_amount: Math.min(s.max_amount, roundDownToStep(MINI_MAX_AMOUNT, s)), max_term: Math.min(s.max_term, s.min_term + Math.floor((MINI_MAX_TERM - s.min_term) / s.term_step) * s.term_step) };
  } else if (flow === CONSUMER_INSTALLMENT_LOAN) {
    const largest = Math.max(0, ...book.repaidLoans.map((l) => l.amount));
    settings = { ...s, max_amount: Math.min(s.max_amount, Math.max(s.min_amount, roundDownToStep(largest * GROWTH_FACTOR, s))) };
  } else if (flow === REFINANCING) {
    if (!loan || loan.payoff === null) return null;
    settings = { ...s, min_amount: roundUpToStep(loan.payoff, s) + s.amount_step };
  }
  if (settings.min_amount > settings.max_amount || settings.min_term > settings.max_term) return null;
  return {
    ...settings,
    default_amount: Math.min(Math.max(settings.default_amount, settings.min_amount), settings.max_amount),
    default_term: Math.min(Math.max(settings.default_term, settings.min_term), settings.max_term),
  };
}

export type RefinancingRefusal = "loan_not_active" | "loan_overdue" | "no_instalment_paid" | "application_in_flight";

/** Whether a loan may be refinanced (the product's bounds are checked by `offerLimits`). */
export function refinancingOffer(loan: BorrowerLoan, book: Pick<BorrowerBook, "applicationsInFlight">): { offered: true } | { offered: false; reason: RefinancingRefusal } {
  if (loan.status !== "active" || loan.principalBalance <= 0 || loan.payoff === null) return { offered: false, reason: "loan_not_active" };
  if (loan.overdue) return { offered: false, reason: "loan_overdue" };
  if (loan.paidInstalments < 1) return { offered: false, reason: "no_instalment_paid" };
  if (book.applicationsInFlight > 0) return { offered: false, reason: "application_in_flight" };
  return { offered: true };
}
