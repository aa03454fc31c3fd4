import { AUTOINVEST_TENOR_MONTHS, RISK_GRADES } from "@pinjaman/domain/autoinvest";
import { INVESTMENT_AMOUNT } from "@pinjaman/domain/funding";
import { z } from "zod";
import "@pinjaman/i18n/ns/autoinvest";

const MAX_RUPIAH = 1_000_000_000_000;
const months = z.number().int().min(AUTOINVEST_TENOR_MONTHS.min).max(AUTOINVEST_TENOR_MONTHS.max);

/**
 * A lender's autoinvest rules (issue 9 §4, decision 0020), as the setup call takes and answers
 * them. Amounts in whole rupiah; tenor in months; an empty `product_keys` takes every product.
 */
export const autoinvestRules = z
  .object({
    enabled: z.boolean(),
    amount_per_loan: z.number().int().min(INVESTMENT_AMOUNT.min).max(MAX_RUPIAH).multipleOf(INVESTMENT_AMOUNT.step),
    tenor_min_months: months,
    tenor_max_months: months,
    risk_grades: z.array(z.enum(RISK_GRADES)).min(1).max(RISK_GRADES.length),
    product_keys: z.array(z.string().min(1).max(50).regex(/^[a-z0-9_-]+$/)).max(20),
    max_per_borrower: z.number().int().min(INVESTMENT_AMOUNT.min).max(MAX_RUPIAH),
    reserve: z.number().int().min(0).max(MAX_RUPIAH),
  })
  .refine((rules) => rules.tenor_min_months <= rules.tenor_max_months, {
    path: ["tenor_max_months"],
    params: { messageKey: "autoinvest.field.tenor_order" },
  })
  .refine((rules) => new Set(rules.risk_grades).size === rules.risk_grades.length, { path: ["risk_grades"], params: { messageKey: "autoinvest.field.duplicate" } })
  .refine((rules) => new Set(rules.product_keys).size === rules.product_keys.length, { path: ["product_keys"], params: { messageKey: "autoinvest.field.duplicate" } });

export type AutoinvestRulesBody = z.infer<typeof autoinvestRules>;

/** PATCH app_api/v1/accounts/{accountId}/investments/setup: the rules replace the account's. */
export const autoinvestSetupRequest = z.object({ data: z.object({ autoinvest: autoinvestRules }) });

/** The account's rules (the defaults, disabled, until the lender saves some); `updated_at` null until then. */
export const autoinvestSetupResponse = z.object({
  data: z.object({ autoinvest: z.object({ ...autoinvestRules.shape, updated_at: z.string().nullable() }) }),
});
