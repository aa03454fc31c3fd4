import type { FlowValues } from "@pinjaman/contracts/flows";
import type { PublicProduct } from "@pinjaman/contracts/site";
import type { Db } from "@pinjaman/db";
import type { FlowDefinition } from "../../flows/definition.ts";
import { findActiveProduct, ProductNotFound } from "../offers/schedule-service.ts";
import { onProductChange } from "../settings/product-cache.ts";
import { offeredProduct, productKeyOf } from "./borrower-offers.ts";
import { businessToday, type FlowEngine, type ProgressRow } from "./flow-engine.ts";

/** Whose progress a product is narrowed for (an offered flow): its customer and account, while it is open. */
export type Holder = { customerId: string | null; accountId: string | null; status?: ProgressRow["status"] };

const products = new Map<string, { product: PublicProduct; until: number }>();
onProductChange((key) => (key === null ? products.clear() : products.delete(key)));

/** A product, kept for a minute: every step view needs it and it changes rarely. */
async function productByKey(db: Db, key: string): Promise<PublicProduct> {
  const cached = products.get(key);
  if (cached && cached.until > Date.now()) return cached.product;
  const product = await findActiveProduct(db, key);
  products.set(key, { product, until: Date.now() + 60_000 });
  return product;
}

/**
 * The product a progress prices with: the flow's, or the one its customer chose (multi-product,
 * refinancing). For an offered flow (borrower-offers.ts) of an open progress its loan settings are
 * narrowed to the customer's limits, and a customer it is not offered to is refused (409).
 */
export async function productFor(engine: FlowEngine, definition: FlowDefinition, values: FlowValues, holder: Holder, now: Date): Promise<PublicProduct | null> {
  const key = productKeyOf(definition, values);
  let product: PublicProduct | null = null;
  try {
    product = key ? await productByKey(engine.db, key) : null;
  } catch (error) {
    // A chosen key that names no active product: the choice's own check refuses it.
    if (!(error instanceof ProductNotFound) || !definition.productChoice) throw error;
  }
  if (!definition.offer || !holder.customerId || (holder.status && holder.status !== "in_progress")) return product;
  const today = await businessToday(engine, now);
  return offeredProduct(engine.db, engine.catalogue, definition, { customerId: holder.customerId, accountId: holder.accountId, values, now, today }, product);
}
