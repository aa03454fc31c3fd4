import { eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import type { OfferSchedule } from "@pinjaman/contracts/offers";
import type { PublicProduct } from "@pinjaman/contracts/site";
import { buildSchedule, checkLoanRequest, checkOffer, offerRate } from "@pinjaman/domain";
import { t } from "@pinjaman/i18n";
import { upfrontFee } from "@pinjaman/domain/product-pricing";
import { FieldErrors } from "../../plugins/errors.ts";
import { cachedProduct } from "../settings/product-cache.ts";
import "@pinjaman/i18n/ns/api";

export class ProductNotFound extends Error {}

/** A product as priced now: what the site may know, and the upfront fee the OJK check counts. */
export type PricedProduct = PublicProduct & { upfrontFeePpm: number };

/**
 * An active product as the site may know it; ProductNotFound for an unknown or inactive key.
 * Cached briefly (settings/product-cache.ts): the calculator reads it on every call.
 */
export async function findActiveProduct(db: Db, key: string): Promise<PricedProduct> {
  const product = await cachedProduct(db, key, () => loadProduct(db, key));
  if (!product || !product.active) throw new ProductNotFound(key);
  const { active: _active, ...info } = product;
  return info;
}

async function loadProduct(db: Db, key: string) {
  const [product] = await db
    .select({
      key: schema.products.key,
      name: schema.products.name,
      variant: schema.products.variant,
      loanType: schema.products.loanType,
      dailyRatePpm: schema.products.dailyRatePpm,
      upfrontFeePpm: schema.products.upfrontFeePpm,
      loanSettings: schema.products.loanSettings,
      active: schema.products.active,
    })
    .from(schema.products)
    .where(eq(schema.products.key, key))
    .limit(1);
  return product ?? null;
}

/**
 * The default offer of a product for an amount and term on the business date `today` (decision
 * 0011: the business clock's, never the real date): priced at the product's rate capped by OJK
 * for the tenor and fitted to the shortest calendar month (`offerRate`, decision 0003), checked
 * by the OJK guard for any start date, never stored. A later payout moves its due dates, never
 * its amounts.
 */
export async function defaultOfferSchedule(db: Db, productKey: string, request: { amount: number; term: number }, today: string): Promise<OfferSchedule> {
  const product = await findActiveProduct(db, productKey);
  const problems = checkLoanRequest(request, product.loanSettings);
  if (problems.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const p of problems) (fields[p.field] ??= []).push(p.message);
    throw new FieldErrors(fields);
  }
  const dailyRatePpm = offerRate(product.loanType, request.term, product.dailyRatePpm, today);
  const verdict = checkOffer({
    loanType: product.loanType,
    principal: request.amount,
    dailyRatePpm,
    termMonths: request.term,
    feesTotal: upfrontFee(request.amount, product.upfrontFeePpm),
    onDate: today,
  });
  if (!verdict.ok) throw new FieldErrors({ term: verdict.reasons }, 422);
  const schedule = buildSchedule({
    principal: request.amount,
    dailyRatePpm,
    termMonths: request.term,
    startDate: today,
  });
  const first = schedule.instalments[0];
  if (!first) throw new Error(t("api.internal"));
  return {
    product_key: product.key,
    amount: schedule.principal,
    term: schedule.termMonths,
    daily_rate_ppm: schedule.dailyRatePpm,
    total_interest: schedule.totalInterest,
    total_repayment: schedule.totalRepayment,
    monthly_instalment: first.amount,
    instalments: schedule.instalments.map((i) => ({
      number: i.number,
      due_on: i.dueDate,
      principal: i.principal,
      interest: i.interest,
      amount: i.amount,
    })),
  };
}
