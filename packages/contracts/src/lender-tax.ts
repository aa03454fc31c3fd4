import { z } from "zod";

/**
 * GET app_api/v1/accounts/{id}/tax_statements?year=YYYY (issue 9 §2, decision 0024): what the
 * platform withheld from the lender's interest on one investment account, month by month, as a
 * bukti potong PPh 23/26 needs it. All twelve months, zeros where nothing was paid. Without
 * `year`, the business clock's current year.
 */
export const taxStatementQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

export const taxStatementMonth = z.object({
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Interest the borrowers paid this lender, before anything was taken. */
  gross_interest: z.number().int(),
  platform_fee: z.number().int(),
  tax_withheld: z.number().int(),
  insurance_premium: z.number().int(),
  /** What reached the lender's funds of that interest. */
  net_interest: z.number().int(),
});

export const taxStatement = z.object({
  account_id: z.uuid(),
  year: z.number().int(),
  /** The lender's residency for tax as their profile states it now (resident: PPh 23; non_resident: PPh 26). */
  tax_residency: z.enum(["resident", "non_resident"]),
  tax_article: z.enum(["pph23", "pph26"]),
  /** The rate on gross interest, ppm (150 000 = 15 %). */
  rate_ppm: z.number().int(),
  /** The lender's NPWP, null when none is recorded. */
  npwp: z.string().nullable(),
  months: z.array(taxStatementMonth).length(12),
  totals: taxStatementMonth.omit({ month: true }),
});
export type TaxStatement = z.infer<typeof taxStatement>;

export const taxStatementResponse = z.object({ data: taxStatement });
