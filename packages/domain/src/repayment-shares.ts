import { deductAllFromInterest, splitAmongLenders } from "./lender-split.ts";
import { isRupiah } from "./money.ts";

/**
 * What each lender receives from one allocated payment (decision 0016, rules of decision 0013).
 *
 * - Interest and late fee are split in proportion to the lenders' investment amounts.
 * - Principal is split in proportion to what each lender is still owed (their share's balance),
 *   not to the original amounts: a rupiah rounded one way in one payment is then made up in a
 *   later one, no share is ever repaid more than it holds, and the payment that clears the loan
 *   pays every share exactly its balance. (Splitting every payment by the original amounts would
 *   let the rounding of several payments push one share a rupiah past its balance.)
 * - From each lender's gross interest the platform fee, the withholding tax and, for an insured
 *   investment, the insurance premium are taken (`deductAllFromInterest`, each rounded down).
 */

export interface LenderPosition {
  investmentId: string;
  /** The investment amount (the lender's weight for interest and late fee). */
  amount: number;
  /** Principal the loan still owes this lender (their lender_investment balance). */
  outstandingPrincipal: number;
  /** Withholding tax on this lender's interest, ppm (PPh 23/26; 0 for a share the insurer holds after a claim). */
  taxRatePpm: number;
  /** Insurance premium of an insured investment, ppm of its interest (0 when uninsured). */
  premiumRatePpm?: number;
}

export interface LenderPayout {
  investmentId: string;
  principal: number;
  /** Gross interest. */
  interest: number;
  platformFee: number;
  tax: number;
  insurancePremium: number;
  /** Interest after fee, tax and premium. */
  net: number;
  lateFee: number;
}

export interface RepaidParts {
  principal: number;
  interest: number;
  lateFee: number;
}

export function lenderPayouts(parts: RepaidParts, lenders: readonly LenderPosition[], platformFeePpm: number): LenderPayout[] {
  for (const n of [parts.principal, parts.interest, parts.lateFee]) if (!isRupiah(n)) throw new RangeError(`parts must be integer rupiah, got ${n}`);
  const owed = lenders.filter((l) => l.outstandingPrincipal > 0);
  const outstanding = owed.reduce((s, l) => s + l.outstandingPrincipal, 0);
  if (parts.principal > outstanding) throw new RangeError(`principal ${parts.principal} exceeds what the lenders are owed (${outstanding})`);
  const principal = new Map(
    parts.principal === 0 ? [] : splitAmongLenders(parts.principal, owed.map((l) => ({ investmentId: l.investmentId, amount: l.outstandingPrincipal }))).map((p) => [p.investmentId, p.amount]),
  );
  const weights = lenders.map((l) => ({ investmentId: l.investmentId, amount: l.amount }));
  const interest = splitAmongLenders(parts.interest, weights);
  const lateFee = splitAmongLenders(parts.lateFee, weights);
  return lenders.map((l, k) => {
    const gross = interest[k]!.amount;
    return { investmentId: l.investmentId, principal: principal.get(l.investmentId) ?? 0, interest: gross, ...deductAllFromInterest(gross, platformFeePpm, l.taxRatePpm, l.premiumRatePpm ?? 0), lateFee: lateFee[k]!.amount };
  });
}
