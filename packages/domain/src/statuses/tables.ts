import { ACCOUNT_STATUSES, APPLICATION_STATUSES, INVESTMENT_STATUSES, type ApplicationStatus, type InvestmentStatus } from "../status-labels.ts";
import type { StatusMachine } from "./machine.ts";

/**
 * The transition tables of spec section 4 (the spec shows the statuses, not the transitions;
 * these are decided in docs/decisions/0010-statuses-and-automatic-decision.md).
 */

export type ApplicationEvent =
  | "submit"
  | "approve"
  | "reject"
  | "overturn_rejection"
  | "withdraw_approval"
  | "cancel"
  | "expire"
  | "fund"
  | "start_disbursal"
  | "abort_disbursal"
  | "disburse"
  | "take_effect"
  | "supersede"
  | "close";

/** Account application: from the borrower's submission to the loan's end. */
export const APPLICATION_MACHINE: StatusMachine<ApplicationStatus, ApplicationEvent> = {
  statuses: APPLICATION_STATUSES,
  initial: ["draft", "submitted"],
  events: {
    /** The borrower submits a draft. */
    submit: { from: ["draft"], to: "submitted" },
    /** The automatic decision (or an operator) accepts it: lenders may fund it. */
    approve: { from: ["submitted"], to: "waiting_for_investment" },
    /** The automatic decision (or an operator) refuses it. */
    reject: { from: ["submitted"], to: "rejected" },
    /** Operator only: an automatic rejection overturned. */
    overturn_rejection: { from: ["rejected"], to: "waiting_for_investment" },
    /** Operator only: an approval withdrawn before the loan is funded (reservations are voided). */
    withdraw_approval: { from: ["waiting_for_investment"], to: "rejected" },
    /** The borrower withdraws, free of charge, until the money starts moving. */
    cancel: { from: ["draft", "submitted", "waiting_for_investment", "waiting_for_deadline"], to: "cancelled" },
    /** Not fully funded by the funding deadline (system). */
    expire: { from: ["waiting_for_investment"], to: "cancelled" },
    /** Fully funded: the cooling-off period runs until its deadline. */
    fund: { from: ["waiting_for_investment"], to: "waiting_for_deadline" },
    /** The cooling-off deadline passed: the bank transfer to the borrower is under way. */
    start_disbursal: { from: ["waiting_for_deadline"], to: "in_disbursement" },
    /** The bank refused the transfer for good (retries exhausted, account invalid). */
    abort_disbursal: { from: ["in_disbursement"], to: "cancelled" },
    /** The bank paid the borrower: the loan runs. */
    disburse: { from: ["in_disbursement"], to: "activated" },
    /** A reschedule or restructure application accepted: its terms replace the current ones. */
    take_effect: { from: ["submitted"], to: "active" },
    /** Replaced by a reschedule or restructure that took effect. */
    supersede: { from: ["activated", "active"], to: "deactivated" },
    /** Paid off (LUNAS). */
    close: { from: ["activated", "active"], to: "closed" },
  },
};

/** Account statuses with `pending`: an account whose application has not been paid out yet. */
export const LOAN_ACCOUNT_STATUSES = ["pending", ...ACCOUNT_STATUSES] as const;
export type LoanAccountStatus = (typeof LOAN_ACCOUNT_STATUSES)[number];

export type AccountEvent = "activate" | "abandon" | "close" | "start_sale" | "complete_sale" | "cancel_sale" | "write_off";

/** Account: created `pending` with its first application, a loan from disbursal. */
export const ACCOUNT_MACHINE: StatusMachine<LoanAccountStatus, AccountEvent> = {
  statuses: LOAN_ACCOUNT_STATUSES,
  initial: ["pending"],
  events: {
    /** Its application was disbursed (activated_on set). */
    activate: { from: ["pending"], to: "active" },
    /** Its application ended without disbursal (rejected, cancelled): closed, never activated. */
    abandon: { from: ["pending"], to: "closed" },
    /** Principal 0 and nothing due (Lunas). */
    close: { from: ["active"], to: "closed" },
    /** Offered to a buyer (debt sale): the transfer period. */
    start_sale: { from: ["active"], to: "sold_transfer_period" },
    complete_sale: { from: ["sold_transfer_period"], to: "sold" },
    cancel_sale: { from: ["sold_transfer_period"], to: "active" },
    write_off: { from: ["active"], to: "written_off" },
  },
};

export type InvestmentEvent = "settle" | "cancel" | "close";

/** Investment: a lender's share of one application. */
export const INVESTMENT_MACHINE: StatusMachine<InvestmentStatus, InvestmentEvent> = {
  statuses: INVESTMENT_STATUSES,
  initial: ["pending"],
  events: {
    /** The loan was disbursed: the reservation posted. */
    settle: { from: ["pending"], to: "settled" },
    /** The application ended unfunded or was withdrawn: the reservation voided. */
    cancel: { from: ["pending"], to: "canceled" },
    /** The loan ended (paid off, written off or sold). */
    close: { from: ["settled"], to: "closed" },
  },
};

/**
 * Applications that count as "in flight" for the new-loan rule: a customer has at most one.
 * Every status from which the borrower still waits for a decision, funding or disbursal.
 */
export const IN_FLIGHT_APPLICATION_STATUSES = ["draft", "submitted", "waiting_for_investment", "waiting_for_deadline", "in_disbursement"] as const satisfies readonly ApplicationStatus[];
