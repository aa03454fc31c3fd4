import type { AutoinvestRulesBody } from "@pinjaman/contracts/autoinvest";
import type { Db } from "@pinjaman/db";
import { RISK_GRADES } from "@pinjaman/domain/autoinvest";
import { lenderWithFunds } from "../funding/funding-fixtures.ts";
import { saveAutoinvestSetup } from "./autoinvest-settings.ts";

/** Rules that take every application of the test fixtures (4 months, any grade, any product). */
export const OPEN_RULES: AutoinvestRulesBody = {
  enabled: true,
  amount_per_loan: 500_000,
  tenor_min_months: 1,
  tenor_max_months: 12,
  risk_grades: [...RISK_GRADES],
  product_keys: [],
  max_per_borrower: 10_000_000,
  reserve: 0,
};

/** A new lender with `deposit` rupiah and autoinvest on under OPEN_RULES changed by `rules`. */
export async function autoinvestingLender(db: Db, email: string, deposit: number, businessDate: string, rules: Partial<AutoinvestRulesBody> = {}) {
  const lender = await lenderWithFunds(db, email, deposit, businessDate);
  await saveAutoinvestSetup(db, lender.customerId, lender.accountId, { ...OPEN_RULES, ...rules });
  return lender;
}
