import { AUTOINVEST_TENOR_MONTHS, RISK_GRADES } from "@pinjaman/domain/autoinvest";
import { INVESTMENT_AMOUNT } from "@pinjaman/domain/funding";
import { z } from "zod";
import "@pinjaman/i18n/ns/autoinvest";

const MAX_RUPIAH = 1_000_000_000_000;
const months = z.number().int().min(AUTOINVEST_TENOR_MONTHS.min).max(AUTOINVEST_TENOR_MONTHS.max);

/**
 * A lender's autoinvest rules (issue 9 §4, decision 0021), as the setup call takes and answers
 * them. Amounts in whole rupiah; tenor in months; an empty `product_keys` takes every product.
 */
const tenors = z.object({ tenor_min_months: months, tenor_max_months: months });
const grades = z.object({ risk_grades: z.array(z.enum(RISK_GRADES)).min(1).max(RISK_GRADES.length) });
const products = z.object({ product_keys: z.array(z.string().min(1).max(50).regex(/^[a-z0-9_-]+$/)).max(20) });

export const autoinvestRules = z
  .object({
    enabled: z.boolean(),
    amount_per_loan: z.number().int().min(INVESTMENT_AMOUNT.min).max(MAX_RUPIAH).multipleOf(INVESTMENT_AMOUNT.step),
    ...tenors.shape,
    ...grades.shape,
    ...products.shape,
    max_per_borrower: z.number().int().min(INVESTMENT_AMOUNT.min).max(MAX_RUPIAH),
    reserve: z.number().int().min(0).max(MAX_RUPIAH),
  })
  // Each cross-field rule runs whenever its own fields are valid, whatever the others say.
  .refine((rules) => rules.tenor_min_months <= rules.tenor_max_months, {
    path: ["tenor_max_months"],
    params: { messageKey: "autoinvest.field.tenor_order" },
    when: (payload) => tenors.safeParse(payload.value).success,
  })
  .refine((rules) => new Set(rules.risk_grades).size === rules.risk_grades.length, {
    path: ["risk_grades"],
    params: { messageKey: "autoinvest.field.duplicate" },
    when: (payload) => grades.safeParse(payload.value).success,
  })
  .refine((rules) => new Set(rules.product_keys).size === rules.product_keys.length, {
    path: ["product_keys"],
    params: { messageKey: "autoinvest.field.duplicate" },
    when: (payload) => products.safeParse(payload.value).success,
  });

export type AutoinvestRulesBody = z.infer<typeof autoinvestRules>;

/** PATCH app_api/v1/accounts/{accountId}/investments/setup: the rules replace the account's. */
export const autoinvestSetupRequest = z.object({ data: z.object({ autoinvest: autoinvestRules }) });

/**
 * The account's rules (the defaults, disabled, until the lender saves some); `updated_at` null until
 * then. `products`: the active products the rules may name, for the form's choices.
 */
export const autoinvestSetupResponse = z.object({
  data: z.object({
    autoinvest: z.object({ ...autoinvestRules.shape, updated_at: z.string().nullable() }),
    products: z.array(z.object({ key: z.string(), name: z.string() })),
  }),
});
export type AutoinvestSetupData = z.infer<typeof autoinvestSetupResponse>["data"];
