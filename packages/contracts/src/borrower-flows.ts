import { z } from "zod";

/**
 * GET app_api/v1/borrower_flows (decision "borrower flow offers"): the returning-customer flows
 * of spec section 6 the signed-in customer is offered today, for the dashboard (/profile). Each
 * names its page (`/flows/{flow_key}`, with `?account_id=` for a loan-account flow such as
 * refinancing). When no application flow is offered, `no_flow` names no_flow_available_v2 and why.
 */
export const offeredFlow = z.object({
  flow_key: z.string(),
  name: z.string(),
  path: z.string(),
  /** The loan account a loan-account flow works on; null for an application flow. */
  account_id: z.uuid().nullable(),
  /** Refinancing: the old loan's payoff today, which the new loan pays first (rupiah). */
  payoff: z.number().int().nonnegative().nullable(),
});
export type OfferedFlow = z.infer<typeof offeredFlow>;

export const borrowerFlows = z.object({
  offered: z.array(offeredFlow),
  no_flow: z.object({ flow_key: z.string(), path: z.string(), reason: z.string() }).nullable(),
});
export type BorrowerFlows = z.infer<typeof borrowerFlows>;

export const borrowerFlowsResponse = z.object({ data: borrowerFlows });
