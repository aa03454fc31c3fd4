import { z } from "zod";

/**
 * GET app_api/v1/new_loan_flow (decision 0018): the flow a signed-in customer gets on applying
 * ("Ajukan Sekarang") through the registration flow a visitor would start (`flow_key`, as in
 * /sign-up?flow=…). When the new-loan rule (spec section 4) forbids a new loan the flow is
 * `no_flow_available` and `refusal` says why.
 */
export const newLoanFlowQuery = z.object({ flow_key: z.string().regex(/^[a-z0-9_]{1,80}$/) });

export const newLoanRefusalCode = z.enum(["application_in_flight", "unpaid_principal", "flow_in_progress"]);

export const newLoanFlow = z.object({
  flow_key: z.string(),
  refusal: z.object({ code: newLoanRefusalCode, message: z.string() }).nullable(),
});

export const newLoanFlowResponse = z.object({ data: newLoanFlow });
export type NewLoanFlow = z.infer<typeof newLoanFlow>;
