import type { OfferSchedule } from "@pinjaman/contracts/offers";
import { offerRate } from "@pinjaman/domain/ojk-guard";
import { buildSchedule } from "@pinjaman/domain/schedule";

const PRICED_ON = "2026-11-22";

/** An OfferSchedule as the server builds it (spl's 0.3 %/day lowered by `offerRate`), for component tests. */
export function testOffer(amount: number, term: number, dailyRatePpm = offerRate("consumptive", term, 3000, PRICED_ON), productKey = "spl"): OfferSchedule {
  const s = buildSchedule({ principal: amount, dailyRatePpm, termMonths: term, startDate: PRICED_ON });
  return {
    product_key: productKey,
    amount,
    term,
    daily_rate_ppm: dailyRatePpm,
    total_interest: s.totalInterest,
    total_repayment: s.totalRepayment,
    monthly_instalment: s.instalments[0]?.amount ?? 0,
    instalments: s.instalments.map((i) => ({
      number: i.number,
      due_on: i.dueDate,
      principal: i.principal,
      interest: i.interest,
      amount: i.amount,
    })),
  };
}
