import type { Db } from "@pinjaman/db";
import { addDays } from "@pinjaman/domain/dates";
import { COOLING_OFF_DAYS } from "@pinjaman/domain/disbursal";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { disbursedLoan, loanInDisbursal, type DisbursedLoanInput, type LoanTerms } from "./sandbox-loans.ts";

/**
 * The tests' loans, made through the real path (sandbox-loans.ts): one new lender deposits exactly
 * the amount the day before funding and invests it all, so every loan has its ledger, investment
 * and disbursal as production makes them.
 */

export type LoanOptions = Partial<LoanTerms> & {
  /** The business date it is paid out and the schedule starts (funded COOLING_OFF_DAYS before). */
  effectiveOn?: string;
  /** `spl` (consumptive, the default) or `alumak` (productive). */
  productKey?: string;
};

let lenders = 0;

async function withOneLender(db: Db, borrowerCustomerId: string, options: LoanOptions): Promise<DisbursedLoanInput> {
  const { effectiveOn = "2026-01-31", productKey, amount = 2_000_000, term = 4, dailyRatePpm = 1000 } = options;
  const lender = await lenderWithFunds(db, `pemodal.kit.${++lenders}@contoh.co.id`, amount, addDays(effectiveOn, -COOLING_OFF_DAYS - 1));
  return {
    borrowerCustomerId,
    lenders: [{ customerId: lender.customerId, investmentAccountId: lender.accountId, amount }],
    terms: { amount, term, dailyRatePpm },
    effectiveOn,
    productKey,
  };
}

/** An active loan of the customer's paid out on `effectiveOn` (default 2 000 000 over 4 months at 0.1 %/day from 2026-01-31). */
export async function activeLoanFor(db: Db, customerId: string, options: LoanOptions = {}) {
  return disbursedLoan(db, await withOneLender(db, customerId, options));
}

/** A loan of the customer's funded and past its cooling-off, its disbursal due on `effectiveOn` but not paid: no schedule, no virtual accounts. */
export async function loanInDisbursalFor(db: Db, customerId: string, options: LoanOptions = {}) {
  return loanInDisbursal(db, await withOneLender(db, customerId, options));
}
