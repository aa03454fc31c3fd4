import { AUTOINVEST_KEY_PREFIX } from "@pinjaman/domain/autoinvest";
import { z } from "zod";
import "@pinjaman/i18n/ns/autoinvest";

/** One lender's investment in one account application (spec section 3; issue 8 funding). */
export const investment = z.object({
  id: z.uuid(),
  investment_account_id: z.uuid(),
  account_application_id: z.uuid(),
  amount: z.number().int(),
  status: z.enum(["pending", "settled", "canceled", "closed"]),
  /** Placed by the lender's autoinvest rules (decision 0021), not by hand. */
  autoinvest: z.boolean(),
  created_at: z.string(),
});

/** What an application needs: its amount, what investments hold, and what is still open. */
export const applicationFunding = z.object({
  account_application_id: z.uuid(),
  amount: z.number().int(),
  funded: z.number().int(),
  remaining: z.number().int(),
});

/**
 * POST app_api/v1/accounts/{id}/investments: the lender invests from investment account {id}.
 * The same `idempotency_key` on the same account again answers the same investment (200).
 */
export const investRequest = z.object({
  data: z.object({
    account_application_id: z.uuid(),
    amount: z.number().int().min(1).max(1_000_000_000_000),
    idempotency_key: z
      .string()
      .min(8)
      .max(100)
      .regex(/^[A-Za-z0-9._:-]+$/)
      // The prefix marks autoinvest's own investments (decision 0021).
      .refine((key) => !key.startsWith(AUTOINVEST_KEY_PREFIX), { params: { messageKey: "autoinvest.field.reserved_key" } }),
  }),
});

export const investResponse = z.object({
  data: z.object({ investment, funding: applicationFunding, replayed: z.boolean() }),
});

/** GET app_api/v1/accounts/{id}/account_applications/{application_id}/funding. */
export const applicationFundingResponse = z.object({ data: applicationFunding });

/** One application open to lenders: its terms, grade and funding, never who the borrower is. */
export const investmentApplication = z.object({
  id: z.uuid(),
  product_key: z.string().nullable(),
  amount: z.number().int(),
  term: z.number().int(),
  daily_rate_ppm: z.number().int(),
  risk_grade: z.string().nullable(),
  submitted_on: z.string().nullable(),
  funded: z.number().int(),
  remaining: z.number().int(),
});

/** POST app_api/v1/accounts/{id}/investment_applications/search?page={n}: filters in the body (searchRequest). */
export type InvestmentApplication = z.infer<typeof investmentApplication>;

export const investmentApplicationsSearchQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const investmentApplicationsSearchResponse = z.object({
  data: z.array(investmentApplication),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
