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

/**
 * The borrower of an application as lenders see them (issue 9): the province and city of their
 * address and their history with us, never their name, NIK, phone, e-mail or exact address.
 * `customer_id` opens their page (GET accounts/{id}/borrowers/{customer_id}).
 */
export const borrowerFacts = z.object({
  customer_id: z.uuid(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  /** Loans paid out before this application (active, closed or transferred). */
  earlier_loans: z.number().int(),
  /** Instalments paid by their due date, and paid after it. */
  paid_on_time: z.number().int(),
  paid_late: z.number().int(),
});

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
  product_name: z.string().nullable(),
  /** What the loan is for: the product's loan type (the application stores no purpose of its own). */
  purpose: z.enum(["consumptive", "productive"]).nullable(),
  approved_on: z.string().nullable(),
  /** The business date it expires unless fully funded: approved_on + FUNDING_PERIOD_DAYS (decision 0010). */
  funding_deadline: z.string().nullable(),
  borrower: borrowerFacts,
});

/** POST app_api/v1/accounts/{id}/investment_applications/search?page={n}: filters in the body (searchRequest). */
export type InvestmentApplication = z.infer<typeof investmentApplication>;

/** Sort orders: newest approval, soonest deadline, highest rate, least remaining. */
export const INVESTMENT_APPLICATION_SORTS = ["newest", "deadline", "rate", "remaining"] as const;

const bound = (max: number) => z.coerce.number().int().min(0).max(max).optional();

/** Page, sort and ranges (tenor in instalments, amount in rupiah) beside the body's filters. */
export const investmentApplicationsSearchQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(INVESTMENT_APPLICATION_SORTS).default("deadline"),
  term_min: bound(1_000),
  term_max: bound(1_000),
  amount_min: bound(1_000_000_000_000),
  amount_max: bound(1_000_000_000_000),
});

/** GET app_api/v1/accounts/{id}/investment_applications/{application_id}. */
export const investmentApplicationResponse = z.object({ data: investmentApplication });

export const investmentApplicationsSearchResponse = z.object({
  data: z.array(investmentApplication),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
