import { z } from "zod";

/** Spec section 3 "Account application", as the customer's own pages read it. */
export const accountApplication = z.object({
  id: z.uuid(),
  account_id: z.uuid(),
  product_key: z.string().nullable(),
  product_name: z.string().nullable(),
  type_key: z.enum(["initial", "reschedule", "restructure"]),
  status: z.string(),
  amount: z.number().int(),
  term: z.number().int(),
  daily_rate_ppm: z.number().int(),
  total_repayment: z.number().int(),
  submitted_on: z.string().nullable(),
  effective_on: z.string().nullable(),
  maturity_on: z.string().nullable(),
});
export type AccountApplication = z.infer<typeof accountApplication>;

/** POST app_api/v1/account_applications/search: filters on status (equals, in), newest first. */
export const accountApplicationsResponse = z.object({ data: z.array(accountApplication) });
