import { z } from "zod";
import { pageMeta } from "./paging.ts";

/**
 * The company services of spec section 7 (decision 0023), called by partners with a company API
 * key (X-Api-Key). Each answers only the personal data its purpose needs: the field lists below
 * are the whole answer (response schemas strip anything else).
 */

const isoDate = z.iso.date();
const rupiah = z.number().int().min(0);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** A customer's role as the services name it: borrower (has a loan account) or lender (has an investment account). */
export const CUSTOMER_ROLES = ["borrower", "lender"] as const;
const customerRole = z.enum(CUSTOMER_ROLES);

/** Page and page size; the services never answer more than 100 rows at once. */
export const paging = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  per_page: z.number().int().min(1).max(100).default(25),
});

export { pageMeta, type PageMeta } from "./paging.ts";

/** POST /v1/details: the customers of one role, oldest first. */
export const detailsRequest = paging.extend({ role_id: customerRole }).strict();
export const detailsCustomer = z.object({ id: z.uuid(), name: z.string(), registered_at: z.string() });
export const detailsResponse = z.object({ data: z.array(detailsCustomer), meta: pageMeta });
export type DetailsResponse = z.infer<typeof detailsResponse>;

/** Active: at least one account (loan or investment) is active; inactive otherwise. */
export const CUSTOMER_STATUSES = ["active", "inactive"] as const;

/** POST /customerlist_v2.php: customers for partners' reporting, filtered, oldest first. */
export const customerListRequest = paging
  .extend({
    filters: z
      .object({
        /** Registered on or after this day (Jakarta). */
        created_from: isoDate.optional(),
        /** Registered on or before this day (Jakarta). */
        created_to: isoDate.optional(),
        status: z.enum(CUSTOMER_STATUSES).optional(),
        role: customerRole.optional(),
      })
      .strict()
      .refine((f) => !f.created_from || !f.created_to || f.created_from <= f.created_to, { path: ["created_to"], params: { messageKey: "api.field.range_order" } })
      .default({}),
  })
  .strict();
export type CustomerListRequest = z.infer<typeof customerListRequest>;

export const listedCustomer = z.object({
  id: z.uuid(),
  name: z.string(),
  roles: z.array(customerRole),
  status: z.enum(CUSTOMER_STATUSES),
  registered_at: z.string(),
  loan_accounts: z.number().int(),
  investment_accounts: z.number().int(),
});
export const customerListResponse = z.object({ data: z.array(listedCustomer), meta: pageMeta });
export type CustomerListResponse = z.infer<typeof customerListResponse>;

/** POST /customerdetail.php: one customer by id (404 when unknown). */
export const customerDetailRequest = z.object({ customer_id: z.uuid() }).strict();

const accountStatus = z.enum(["pending", "active", "closed", "sold_transfer_period", "sold", "written_off"]);
export const customerDetailResponse = z.object({
  data: z.object({
    id: z.uuid(),
    name: z.string(),
    registered_at: z.string(),
    roles: z.array(customerRole),
    /** Whether the customer completed identity verification (KYC); the documents themselves are never served. */
    kyc_completed: z.boolean(),
    accounts: z.array(
      z.object({
        id: z.uuid(),
        type_key: z.enum(["loan", "investment"]),
        product_key: z.string().nullable(),
        status: accountStatus,
        /** A loan's outstanding principal (integer rupiah); null for an investment account. */
        principal_balance: rupiah.nullable(),
        activated_on: isoDate.nullable(),
        closed_on: isoDate.nullable(),
      }),
    ),
    /** Accounts counted by type and status. */
    summary: z.object({ loan: z.record(z.string(), z.number().int()), investment: z.record(z.string(), z.number().int()) }),
  }),
});
export type CustomerDetailResponse = z.infer<typeof customerDetailResponse>;

/** POST /api/users/lender-dashboard: platform-wide lender figures, aggregates only, by month (yyyy-mm, Jakarta). */
export const lenderDashboardRequest = z
  .object({ from_month: month.optional(), to_month: month.optional() })
  .strict()
  .refine((r) => !r.from_month || !r.to_month || r.from_month <= r.to_month, { path: ["to_month"], params: { messageKey: "api.field.range_order" } });
export type LenderDashboardRequest = z.infer<typeof lenderDashboardRequest>;

export const lenderDashboardMonth = z.object({
  month,
  new_lenders: z.number().int(),
  funded: rupiah,
  repaid_principal: rupiah,
  repaid_interest: rupiah,
});
export const lenderDashboardResponse = z.object({
  data: z.object({
    lenders: z.number().int(),
    /** Lenders with money in a loan now (an investment pending or settled). */
    active_lenders: z.number().int(),
    /** Everything lent: investments settled or closed. */
    total_funded: rupiah,
    /** Principal lent and not yet repaid (settled investments). */
    outstanding: rupiah,
    repaid_principal: rupiah,
    /** Gross interest received by lenders. */
    repaid_interest: rupiah,
    /** The latest TKB90 (as /tkb.php serves it), "98.87"; null before any figure exists. */
    tkb90: z.string().nullable(),
    by_month: z.array(lenderDashboardMonth),
  }),
});
export type LenderDashboardResponse = z.infer<typeof lenderDashboardResponse>;
