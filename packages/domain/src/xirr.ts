import { daysBetween } from "./dates.ts";
import { isRupiah } from "./money.ts";
import { PPM } from "./schedule.ts";

/**
 * XIRR: the annual rate r at which the cash flows' net present value is zero, each flow
 * discounted by (1 + r)^(days since the first flow / 365). Amounts are integer rupiah (negative
 * = money out, positive = money in); the answer is a rate, so it is the one float here, returned
 * rounded to integer ppm per year (52_300 = 5.23 %). Null when it is undefined: no flows, or the
 * flows do not change sign (nothing ventured or nothing returned).
 *
 * Found by bisection on NPV, which is monotone in r when the money out precedes the money in (a
 * lender's book): robust where Newton's method can overshoot, and 200 halvings are far finer
 * than a ppm.
 */

export type CashFlow = { date: string; amount: number };

const DAYS_PER_YEAR = 365;
/** The bracket: from −99.9999 % to 10^9 % a year (a loan repaid the next day at a high rate is large but finite). */
const LOWEST = -0.999_999;
const HIGHEST = 1e7;

function npv(flows: readonly { years: number; amount: number }[], rate: number): number {
  let sum = 0;
  for (const f of flows) sum += f.amount / Math.pow(1 + rate, f.years);
  return sum;
}

export function xirrPpm(cashFlows: readonly CashFlow[]): number | null {
  if (!cashFlows.every((f) => isRupiah(Math.abs(f.amount)))) throw new RangeError("Cash flows must be integer rupiah");
  const flows = cashFlows.filter((f) => f.amount !== 0);
  if (!flows.some((f) => f.amount < 0) || !flows.some((f) => f.amount > 0)) return null;
  const first = flows.reduce((min, f) => (f.date < min ? f.date : min), flows[0]!.date);
  const timed = flows.map((f) => ({ years: daysBetween(first, f.date) / DAYS_PER_YEAR, amount: f.amount }));
  let low = LOWEST;
  let high = HIGHEST;
  const sign = Math.sign(npv(timed, low));
  if (sign === 0) return Math.round(low * PPM);
  if (Math.sign(npv(timed, high)) === sign) return null;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (Math.sign(npv(timed, mid)) === sign) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * PPM);
}
