import { z } from "zod";
import { accountApplication } from "./accounts.ts";

export const DECISION_REASON_MAX_LENGTH = 1000;

/** POST app_api/v1/account_applications/{id}/decision (operator). */
export const applicationDecisionParams = z.object({ id: z.uuid() });

export const applicationDecisionRequest = z.object({
  outcome: z.enum(["approve", "reject"]),
  /** Why the operator decided so; kept with the recorded transition. */
  reason: z.string().trim().min(1).max(DECISION_REASON_MAX_LENGTH),
});
export type ApplicationDecisionRequest = z.infer<typeof applicationDecisionRequest>;

export const applicationDecisionResponse = z.object({ data: accountApplication });
