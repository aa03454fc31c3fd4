import { daysBetween, parseIsoDate } from "./dates.ts";
import { newLoanRefusal } from "./new-loan-flow.ts";
import { IN_FLIGHT_APPLICATION_STATUSES } from "./statuses/tables.ts";

/** Account application as the accounts API returns it (spec section 3). */
export interface AccountApplication {
  submitted_on: string | null;
  effective_on: string | null;
  maturity_on: string | null;
  status: string;
  type_key: string;
}

/** Loan or investment account (spec section 3). */
export interface Account {
  type_key: "loan" | "investment";
  principal_balance: number;
  initial_account_application: AccountApplication | null;
  current_account_application: AccountApplication | null;
  closed_on: string | null;
  activated: boolean;
  status: string;
}

function isSet(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The application whose dates decide "submitted" and "effective". The spec does not say which
 * application carries submitted_on/effective_on; we read the current application, because a
 * reschedule or restructure replaces the terms in force, and fall back to the initial one when
 * the account has no current application.
 */
function governingApplication(account: Account): AccountApplication | null {
  return account.current_account_application ?? account.initial_account_application;
}

export function hasInitialApplication(account: Account): boolean {
  return account.initial_account_application !== null;
}

/** submitted_on is set (current application, else the initial one). */
export function isSubmitted(account: Account): boolean {
  return isSet(governingApplication(account)?.submitted_on);
}

/** effective_on is set (current application, else the initial one). */
export function isEffective(account: Account): boolean {
  return isSet(governingApplication(account)?.effective_on);
}

/** The current application's status is "accepted". */
export function isAccepted(account: Account): boolean {
  return account.current_account_application?.status === "accepted";
}

/** Submitted, effective and no principal left. */
export function isFullyRepaid(account: Account): boolean {
  return isSubmitted(account) && isEffective(account) && account.principal_balance === 0;
}

export function isRescheduled(account: Account): boolean {
  return account.current_account_application?.type_key === "reschedule";
}

export function isRestructured(account: Account): boolean {
  return account.current_account_application?.type_key === "restructure";
}

/**
 * Extension of maturity in days: current maturity date minus initial maturity date
 * (negative if the maturity moved earlier); 0 when either date is missing or unreadable.
 * Only the `yyyy-mm-dd` part of a date-time value is used.
 */
export function maturityExtensionDays(account: Account): number {
  const initial = account.initial_account_application?.maturity_on?.slice(0, 10);
  const current = account.current_account_application?.maturity_on?.slice(0, 10);
  if (!initial || !current || !parseIsoDate(initial) || !parseIsoDate(current)) return 0;
  return daysBetween(initial, current);
}

export interface NewLoanContext {
  loaded: boolean;
  loanAccounts: ReadonlyArray<Pick<Account, "principal_balance">>;
  flowInProgress: boolean;
  /** The customer's applications: one in flight (IN_FLIGHT_APPLICATION_STATUSES) forbids another. */
  applications: ReadonlyArray<{ status: string }>;
}

/**
 * A new loan account is allowed only when data is loaded, no loan has unpaid principal and
 * no flow is in progress (spec section 4), and no application is in flight: the server's
 * automatic decision refuses a second one (decision 0010).
 */
export function canOpenNewLoan({ loaded, loanAccounts, flowInProgress, applications }: NewLoanContext): boolean {
  const applicationsInFlight = applications.filter((a) => (IN_FLIGHT_APPLICATION_STATUSES as readonly string[]).includes(a.status)).length;
  return loaded && newLoanRefusal({ applicationsInFlight, loanAccounts, flowInProgress }) === null;
}
