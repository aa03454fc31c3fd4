import type { OfferSchedule } from "@pinjaman/contracts/offers";
import { checkLoanRequest } from "@pinjaman/domain";
import { t } from "@pinjaman/i18n";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { businessToday, type Actor, type FlowEngine } from "../flows/flow-engine.ts";
import { loadProgress, requireOpen } from "../flows/progress-load.ts";
import { productFor } from "../flows/progress-product.ts";
import { defaultOfferSchedule } from "./schedule-service.ts";
import "@pinjaman/i18n/ns/api";

/**
 * POST pub_api/v1/open/offers/{id}/schedule: the offer named by `id` is what an open flow
 * progress prices with — its product, narrowed to the customer's limits in an offered flow
 * (decision 0029). It is visible exactly as the progress is (progress-access.ts): a progress
 * without a customer to whoever holds its id, one with a customer only to that customer; anyone
 * else gets the 404 of a missing id. The schedule is the default offer's (one function).
 */
export async function progressOfferSchedule(engine: FlowEngine, actor: Actor, id: string, request: { amount: number; term: number }): Promise<OfferSchedule> {
  const now = actor.now ?? new Date();
  const { row, version } = await loadProgress(engine, actor, id);
  requireOpen(row);
  const product = await productFor(engine, version.definition, row.values, row, now);
  if (!product) throw new Refusal(404, "offer_not_found", t("api.offer_not_found"));
  const problems = checkLoanRequest(request, product.loanSettings);
  // The narrowed limits first: their messages name the customer's bounds, not the product's.
  if (problems.length > 0) throw new FieldErrors(Object.fromEntries(problems.map((p) => [p.field, [p.message]])));
  return defaultOfferSchedule(engine.db, product.key, request, await businessToday(engine, now));
}
