import type { OfferSchedule } from "@pinjaman/contracts/offers";
import { buildSchedule } from "@pinjaman/domain/schedule";

/** An OfferSchedule as the server builds it, for component tests. */
export function testOffer(amount: number, term: number, dailyRatePpm = term <= 6 ? 3000 : 2000, productKey = "spl"): OfferSchedule {
  const s = buildSchedule({ principal: amount, dailyRatePpm, termMonths: term, startDate: "2026-11-22" });
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
