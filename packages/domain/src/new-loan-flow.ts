import { BUSINESS_REGISTRATION_FLOW, DEFAULT_REGISTRATION_FLOW, LENDER_REGISTRATION_FLOW } from "./variant.ts";

/**
 * Which flow a signed-in customer gets when they apply ("Ajukan Sekarang"), decided on the
 * server and shown the same way by the site (decision 0018). The registration flow the button
 * would start for a visitor names the product; the customer's own book decides the rest.
 */

export const NO_FLOW_AVAILABLE = "no_flow_available";
export const SPL_RETURNING = "spl_returning";
export const SPL_RETURNING_NTB = "spl_returning_ntb";

/** Why the new-loan rule (spec section 4) forbids a new loan, in the order it is checked. */
export type NewLoanRefusal = "application_in_flight" | "unpaid_principal" | "flow_in_progress";

export type NewLoanBook = {
  /** Applications in flight (IN_FLIGHT_APPLICATION_STATUSES): a customer has at most one. */
  applicationsInFlight: number;
  /** The customer's loan accounts' unpaid principal. */
  loanAccounts: ReadonlyArray<{ principal_balance: number }>;
  /** Another loan-application flow of the customer is open (the one being restarted does not count). */
  flowInProgress: boolean;
  /** A loan of ours was ever disbursed to the customer; without one they are "new to bank". */
  hadLoan: boolean;
};

export type NewLoanRoute = { flowKey: string; refusal: NewLoanRefusal | null };

/** Why the new-loan rule refuses, or null when a new loan may be applied for. */
export function newLoanRefusal(book: Omit<NewLoanBook, "hadLoan">): NewLoanRefusal | null {
  if (book.applicationsInFlight > 0) return "application_in_flight";
  if (book.loanAccounts.some((account) => account.principal_balance > 0)) return "unpaid_principal";
  if (book.flowInProgress) return "flow_in_progress";
  return null;
}

/**
 * The returning variant of a registration flow: spl → spl_returning (spl_returning_ntb when new
 * to bank), `{product}_plus_payroll_loan` → `{product}_plus_payroll_loan_returning` (its own
 * onboarding, which skips the account step for a signed-in customer, when new to bank); any
 * other product, and the lender registration, keeps its flow, account step skipped. Null for a
 * key that is not a registration flow.
 */
export function returningFlowKey(registrationFlowKey: string, hadLoan: boolean): string | null {
  if (registrationFlowKey === DEFAULT_REGISTRATION_FLOW) return hadLoan ? SPL_RETURNING : SPL_RETURNING_NTB;
  if (/^[a-z0-9_]+_plus_payroll_loan$/.test(registrationFlowKey)) return hadLoan ? `${registrationFlowKey}_returning` : registrationFlowKey;
  if (registrationFlowKey === BUSINESS_REGISTRATION_FLOW || registrationFlowKey === LENDER_REGISTRATION_FLOW) return registrationFlowKey;
  return null;
}

/** The flow a signed-in customer applying through `registrationFlowKey` gets. */
export function newLoanRoute(registrationFlowKey: string, book: NewLoanBook): NewLoanRoute | null {
  const flowKey = returningFlowKey(registrationFlowKey, book.hadLoan);
  if (flowKey === null) return null;
  // Becoming a lender is no loan: the new-loan rule does not hold it back (a borrower paying a loan may fund others).
  if (flowKey === LENDER_REGISTRATION_FLOW) return { flowKey, refusal: null };
  const refusal = newLoanRefusal(book);
  return refusal ? { flowKey: NO_FLOW_AVAILABLE, refusal } : { flowKey, refusal: null };
}
