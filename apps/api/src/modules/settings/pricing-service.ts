import type {
  BackOfficeProduct,
  PricingVersionDto,
  ProductPricingValues,
} from "@pinjaman/contracts/back-office-settings";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { checkProductPricing } from "@pinjaman/domain/product-pricing";
import { t } from "@pinjaman/i18n";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { recordStaffAction, staffIdOf } from "../staff/staff-actions.ts";
import { invalidateProductCache } from "./product-cache.ts";
import "@pinjaman/i18n/ns/back_office_settings";

type ProductRow = typeof schema.products.$inferSelect;
type VersionRow = typeof schema.productPricing.$inferSelect;

/** Version 1 for a product that has none yet (a database seeded after the migration): the seed's values. */
async function ensureFirstVersion(tx: Db, product: ProductRow): Promise<void> {
  await tx
    .insert(schema.productPricing)
    .values({
      productKey: product.key,
      version: 1,
      effectiveFrom: product.createdAt,
      dailyRatePpm: product.dailyRatePpm,
      upfrontFeePpm: product.upfrontFeePpm,
      loanSettings: product.loanSettings,
      active: product.active,
    })
    .onConflictDoNothing();
}

function versionDto(v: VersionRow): PricingVersionDto {
  return {
    version: v.version,
    effective_from: v.effectiveFrom.toISOString(),
    daily_rate_ppm: v.dailyRatePpm,
    upfront_fee_ppm: v.upfrontFeePpm,
    ...v.loanSettings,
    active: v.active,
    staff_id: v.staffId,
    reason: v.reason,
  };
}

function productDto(
  product: ProductRow,
  versions: VersionRow[],
): BackOfficeProduct {
  const history = versions
    .map(versionDto)
    .sort((a, b) => b.version - a.version);
  return {
    key: product.key,
    name: product.name,
    variant: product.variant,
    loan_type: product.loanType,
    current: history[0]!,
    history,
  };
}

/** Every product with its current price list and the versions before it, newest first. */
export async function listBackOfficeProducts(
  db: Db,
): Promise<BackOfficeProduct[]> {
  const products = await db
    .select()
    .from(schema.products)
    .orderBy(asc(schema.products.key));
  const missing = new Set(products.map((p) => p.key));
  let versions = await db
    .select()
    .from(schema.productPricing)
    .orderBy(
      asc(schema.productPricing.productKey),
      asc(schema.productPricing.version),
    );
  for (const v of versions) missing.delete(v.productKey);
  if (missing.size > 0) {
    await db.transaction(async (tx) => {
      for (const p of products)
        if (missing.has(p.key)) await ensureFirstVersion(tx, p);
    });
    versions = await db
      .select()
      .from(schema.productPricing)
      .orderBy(
        asc(schema.productPricing.productKey),
        asc(schema.productPricing.version),
      );
  }
  return products.map((p) =>
    productDto(
      p,
      versions.filter((v) => v.productKey === p.key),
    ),
  );
}

/**
 * A new price list for a product, effective now: checked by the OJK guard on `onDate` (the
 * business date), stored as the next version, copied to the products row the hot paths read,
 * audited in the same transaction; the product cache is dropped after the commit.
 */
export async function changeProductPricing(
  db: Db,
  request: FastifyRequest,
  key: string,
  input: ProductPricingValues & { reason: string },
  onDate: string,
): Promise<BackOfficeProduct> {
  const { reason, ...values } = input;
  const result = await db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(schema.products)
      .where(eq(schema.products.key, key))
      .for("update");
    if (!product)
      throw new Refusal(
        404,
        "not_found",
        t("back_office_settings.pricing.errors.unknown_product"),
      );
    const errors = checkProductPricing(product.loanType, values, onDate);
    if (Object.keys(errors).length > 0)
      throw new FieldErrors(errors as Record<string, string[]>, 422);

    await ensureFirstVersion(tx, product);
    const [last] = await tx
      .select()
      .from(schema.productPricing)
      .where(eq(schema.productPricing.productKey, key))
      .orderBy(desc(schema.productPricing.version))
      .limit(1);
    const { daily_rate_ppm, upfront_fee_ppm, active, ...loanSettings } = values;
    const [created] = await tx
      .insert(schema.productPricing)
      .values({
        productKey: key,
        version: (last?.version ?? 0) + 1,
        // Never before the previous version, so "the version in effect at t" stays one row.
        effectiveFrom: sql`greatest(now(), ${last?.effectiveFrom.toISOString() ?? null}::timestamptz)`,
        dailyRatePpm: daily_rate_ppm,
        upfrontFeePpm: upfront_fee_ppm,
        loanSettings,
        active,
        staffId: staffIdOf(request),
        reason,
      })
      .returning();
    await tx
      .update(schema.products)
      .set({
        dailyRatePpm: daily_rate_ppm,
        upfrontFeePpm: upfront_fee_ppm,
        loanSettings,
        playStoreLoanSettings: loanSettings,
        active,
      })
      .where(eq(schema.products.key, key));
    await recordStaffAction(tx, request, {
      permission: "products.manage",
      action: "product_pricing.change",
      subjectType: "product",
      subjectId: key,
      before: last ? versionDto(last) : null,
      after: versionDto(created!),
      reason,
    });
    const versions = await tx
      .select()
      .from(schema.productPricing)
      .where(eq(schema.productPricing.productKey, key));
    const [updated] = await tx
      .select()
      .from(schema.products)
      .where(eq(schema.products.key, key));
    return productDto(updated!, versions);
  });
  invalidateProductCache(key);
  return result;
}
