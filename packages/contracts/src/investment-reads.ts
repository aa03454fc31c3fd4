import { z } from "zod";
import { borrowerFacts } from "./investments.ts";

/** The lender's reads of their investments (issue 9 §3, spec section 7 "Investments"). */

const rupiah = z.number().int();

/** What one lender's share has received so far (investment_repayments, decision 0016). */
export const shareReceived = z.object({
  principal: rupiah,
  /** Gross interest, before the platform fee, the tax and the insurance premium. */
  interest: rupiah,
  platform_fee: rupiah,
  tax: rupiah,
  insurance_premium: rupiah,
  late_fee: rupiah,
  /** What reached the lender's funds: principal + late fee + interest − fee − tax − premium. */
  net: rupiah,
});

/** One investment with its application's terms, what it received and what is still out. */
export const investmentShare = z.object({
  id: z.uuid(),
  account_application_id: z.uuid(),
  amount: rupiah,
  status: z.enum(["pending", "settled", "canceled", "closed"]),
  /** Pendanaan tertunda, Didanakan, Dibatalkan, Tutup (spec section 4). */
  status_label: z.string(),
  created_at: z.string(),
  terms: z.object({
    product_key: z.string().nullable(),
    product_name: z.string().nullable(),
    amount: rupiah,
    term: z.number().int(),
    daily_rate_ppm: z.number().int(),
    risk_grade: z.string().nullable(),
    effective_on: z.string().nullable(),
    maturity_on: z.string().nullable(),
  }),
  received: shareReceived,
  /** The share's principal not yet repaid (0 unless settled). */
  outstanding_principal: rupiah,
});
export type InvestmentShare = z.infer<typeof investmentShare>;

/** POST app_api/v1/accounts/{id}/investments/search?page={n}: body filters on `status` (equals, in). */
export const investmentsSearchQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const investmentsSearchResponse = z.object({
  data: z.array(investmentShare),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});

/** The lender's part of one instalment: the loan's invoice split pro rata to the shares (decision 0013). */
export const shareInstalment = z.object({
  number: z.number().int(),
  due_on: z.string(),
  principal: rupiah,
  interest: rupiah,
  total: rupiah,
  status: z.enum(["open", "paid", "replaced"]),
  paid_on: z.string().nullable(),
});

/** One payment's part for this investment. */
export const shareRepayment = shareReceived.extend({ business_date: z.string() });

/** GET app_api/v1/accounts/{id}/investments/{investment_id}. */
export const investmentDetailResponse = z.object({
  data: investmentShare.extend({
    schedule: z.array(shareInstalment),
    repayments: z.array(shareRepayment),
    /** Whether the share is insured (decision 0024: the lender's automatic insurance when it was made). */
    insured: z.boolean(),
    /** The insurer's payment once the loan passed 90 days past due: the share is the insurer's from then on. */
    insurance_claim: z.object({ business_date: z.string(), outstanding_principal: rupiah, amount: rupiah, insurer_reference: z.string() }).nullable(),
  }),
});
export type InvestmentDetail = z.infer<typeof investmentDetailResponse>["data"];

/** Outstanding principal by days past due (the TKB thresholds). */
export const pastDue = z.object({ current: rupiah, dpd_1_30: rupiah, dpd_31_60: rupiah, dpd_61_90: rupiah, dpd_over_90: rupiah });

/** GET app_api/v1/accounts/{id}/investments/statistics. */
export const investmentStatistics = z.object({
  /** The business date the figures are for. */
  as_of: z.string(),
  investments: z.number().int(),
  /** Settled and closed investments (money lent); `pending` is reserved for applications still funding. */
  invested: rupiah,
  pending: rupiah,
  outstanding_principal: rupiah,
  principal_received: rupiah,
  interest_received: rupiah,
  platform_fee: rupiah,
  tax_withheld: rupiah,
  insurance_premium: rupiah,
  late_fee_received: rupiah,
  /** Gross interest still scheduled on settled shares. */
  expected_income: rupiah,
  past_due: pastDue,
  /**
   * Net annualised return (XIRR, ppm a year): money out on each share's funding date, money in
   * as received net of fee, tax and premium, and the outstanding principal as if received today.
   * Null until there is both.
   */
  net_return_ppm: z.number().int().nullable(),
  /** TKB0…TKB90 of the lender's own outstanding shares (null when nothing is outstanding). */
  tkb: z.array(z.object({ name: z.string(), basis_points: z.number().int() })).nullable(),
  /** The last 12 calendar months, oldest first: invested, principal back, net interest. */
  monthly: z.array(z.object({ month: z.string(), invested: rupiah, principal: rupiah, net_interest: rupiah })),
});
export type InvestmentStatistics = z.infer<typeof investmentStatistics>;
export const investmentStatisticsResponse = z.object({ data: investmentStatistics });

/** GET app_api/v1/accounts/{id}/borrowers/{customer_id}: the borrower as a lender may see them. */
export const lenderBorrowerResponse = z.object({
  data: borrowerFacts.extend({
    active_loans: z.number().int(),
    /** Their applications open to investment or holding this lender's investments. */
    applications: z.array(
      z.object({
        id: z.uuid(),
        product_name: z.string().nullable(),
        amount: rupiah,
        term: z.number().int(),
        daily_rate_ppm: z.number().int(),
        risk_grade: z.string().nullable(),
        status: z.string(),
        open_to_investment: z.boolean(),
      }),
    ),
  }),
});
export type LenderBorrower = z.infer<typeof lenderBorrowerResponse>["data"];
