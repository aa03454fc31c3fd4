import { isRupiah } from "./money.ts";
import { PPM } from "./schedule.ts";

/**
 * Each lender's part of a repayment (decision 0013). A component (principal, interest or late
 * fee) is split in proportion to the lenders' investment amounts: everyone gets the floor of
 * their exact share, and the rupiah left over go one each to the largest remainders, ties to the
 * lowest investment id (compared by code unit, not locale). The parts sum to the component.
 *
 * From each lender's interest the platform fee (ppm of the interest, configured) and the tax
 * (PPh 23 15 % for residents, PPh 26 20 % for non-residents, ppm of the gross interest) are
 * taken, each rounded down, so lender net + fee + tax = interest exactly.
 */

export const PPH23_RATE_PPM = 150_000;
export const PPH26_RATE_PPM = 200_000;

export type TaxResidence = "resident" | "non_resident";

/**
 * The rate on a lender's gross interest by PMK 69/2022 art. 3 (decision 0024). A resident without
 * an NPWP is not charged the 100 % surcharge of UU PPh art. 23(1a): the registration records the
 * NIK, which serves as a resident individual's NPWP (UU HPP, PMK 112/2022).
 */
export function withholdingTaxRatePpm(residence: TaxResidence): number {
  return residence === "resident" ? PPH23_RATE_PPM : PPH26_RATE_PPM;
}

export interface LenderShare {
  investmentId: string;
  /** The lender's investment in the loan, integer rupiah. */
  amount: number;
}

export interface LenderPart {
  investmentId: string;
  amount: number;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function splitAmongLenders(amount: number, shares: readonly LenderShare[]): LenderPart[] {
  if (!isRupiah(amount)) throw new RangeError(`amount must be integer rupiah, got ${amount}`);
  if (shares.length === 0) throw new RangeError("A loan's repayment needs at least one lender");
  if (new Set(shares.map((s) => s.investmentId)).size !== shares.length) throw new RangeError("Investment ids must be unique");
  if (!shares.every((s) => isRupiah(s.amount) && s.amount > 0)) throw new RangeError("Investment amounts must be positive integer rupiah");
  const total = shares.reduce((sum, s) => sum + BigInt(s.amount), 0n);
  const exact = shares.map((s) => {
    const product = BigInt(amount) * BigInt(s.amount);
    return { investmentId: s.investmentId, floor: product / total, remainder: product % total };
  });
  let leftOver = BigInt(amount) - exact.reduce((sum, e) => sum + e.floor, 0n);
  const order = [...exact].sort((a, b) =>
    a.remainder !== b.remainder ? (a.remainder > b.remainder ? -1 : 1) : compareIds(a.investmentId, b.investmentId),
  );
  const extra = new Set<string>();
  for (const e of order) {
    if (leftOver === 0n) break;
    extra.add(e.investmentId);
    leftOver -= 1n;
  }
  return exact.map((e) => ({ investmentId: e.investmentId, amount: Number(e.floor) + (extra.has(e.investmentId) ? 1 : 0) }));
}

export interface InterestDeductions {
  platformFee: number;
  tax: number;
  net: number;
}

/** floor(amount × ppm / 1 000 000) in BigInt. */
function ppmOf(amount: number, ppm: number): number {
  return Number((BigInt(amount) * BigInt(ppm)) / BigInt(PPM));
}

/** One lender's interest: platform fee and withholding tax taken, each rounded down; net + fee + tax = interest. */
export function deductFromInterest(interest: number, platformFeePpm: number, taxRatePpm: number): InterestDeductions {
  const { insurancePremium: _, ...deductions } = deductAllFromInterest(interest, platformFeePpm, taxRatePpm, 0);
  return deductions;
}

/**
 * One lender's interest with the insurance premium of an insured investment (lender-insurance.ts)
 * taken too, each part a ppm of the gross interest rounded down: net + fee + tax + premium = interest.
 */
export function deductAllFromInterest(interest: number, platformFeePpm: number, taxRatePpm: number, premiumRatePpm: number): InterestDeductions & { insurancePremium: number } {
  if (!isRupiah(interest)) throw new RangeError(`interest must be integer rupiah, got ${interest}`);
  for (const ppm of [platformFeePpm, taxRatePpm, premiumRatePpm]) {
    if (!Number.isSafeInteger(ppm) || ppm < 0) throw new RangeError(`Rates must be non-negative integer ppm, got ${ppm}`);
  }
  if (platformFeePpm + taxRatePpm + premiumRatePpm > PPM) throw new RangeError("Platform fee, tax and premium together exceed the interest");
  const platformFee = ppmOf(interest, platformFeePpm);
  const tax = ppmOf(interest, taxRatePpm);
  const insurancePremium = ppmOf(interest, premiumRatePpm);
  return { platformFee, tax, insurancePremium, net: interest - platformFee - tax - insurancePremium };
}

export interface RepaymentComponents {
  principal: number;
  interest: number;
  lateFee: number;
}

export interface LenderInvestment extends LenderShare {
  taxResidence: TaxResidence;
}

export interface LenderCredit extends InterestDeductions {
  investmentId: string;
  principal: number;
  /** Gross interest before fee and tax. */
  interest: number;
  lateFee: number;
  /** What the lender's account is credited: principal + late fee + net interest. */
  credited: number;
}

export interface RepaymentSplit {
  lenders: LenderCredit[];
  platformFee: number;
  tax: number;
}

/**
 * A repayment's components split among the loan's lenders. Late fees go to the lenders like
 * principal, without fee or tax (decision 0013). Every rupiah of the components ends up in
 * exactly one of: a lender's credit, the platform fee, the tax withheld.
 */
export function splitRepayment(
  components: RepaymentComponents,
  investments: readonly LenderInvestment[],
  platformFeePpm: number,
): RepaymentSplit {
  const principal = splitAmongLenders(components.principal, investments);
  const interest = splitAmongLenders(components.interest, investments);
  const lateFee = splitAmongLenders(components.lateFee, investments);
  const lenders = investments.map((inv, k) => {
    const gross = interest[k]!.amount;
    const deductions = deductFromInterest(gross, platformFeePpm, withholdingTaxRatePpm(inv.taxResidence));
    const p = principal[k]!.amount;
    const l = lateFee[k]!.amount;
    return { investmentId: inv.investmentId, principal: p, interest: gross, lateFee: l, ...deductions, credited: p + l + deductions.net };
  });
  return {
    lenders,
    platformFee: lenders.reduce((s, l) => s + l.platformFee, 0),
    tax: lenders.reduce((s, l) => s + l.tax, 0),
  };
}
