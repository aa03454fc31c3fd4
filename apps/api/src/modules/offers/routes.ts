import { errorBody } from "@pinjaman/contracts/errors";
import {
  defaultOfferScheduleParams,
  defaultOfferScheduleRequest,
  defaultOfferScheduleResponse,
  offerScheduleParams,
} from "@pinjaman/contracts/offers";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendError } from "../../plugins/errors.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { actorOf, engineOf } from "../flows/engine.ts";
import { progressOfferSchedule } from "./progress-offer.ts";
import { ProductNotFound, defaultOfferSchedule } from "./schedule-service.ts";
import "@pinjaman/i18n/ns/api";

/** Public offer calls under pub_api/v1/open (no login, no progress indicator on the site). */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/products/:productKey/default_offer/schedule",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["offers"],
        summary: "Repayment schedule of a product's default offer for an amount and term",
        params: defaultOfferScheduleParams,
        body: defaultOfferScheduleRequest,
        response: { 200: defaultOfferScheduleResponse, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      try {
        const { date } = await businessNow(app.db, { sandbox: app.config.sandbox });
        return { data: await defaultOfferSchedule(app.db, request.params.productKey, request.body.data, date) };
      } catch (error) {
        if (error instanceof ProductNotFound) return sendError(reply, 404, "product_not_found", t("api.product_not_found"));
        throw error;
      }
    },
  );

  // The offer is an open flow progress's: reachable as the progress is (progress-offer.ts).
  const engine = engineOf(app);
  app.post(
    "/offers/:id/schedule",
    {
      config: { access: { kind: "public_or_owner", ids: [{ in: "params", name: "id", resource: "flow_progress" }] } },
      schema: {
        tags: ["offers"],
        summary: "Repayment schedule of an offer (an open flow progress's product, within the customer's limits) for an amount and term",
        params: offerScheduleParams,
        body: defaultOfferScheduleRequest,
        response: { 200: defaultOfferScheduleResponse, 400: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 422: errorBody },
      },
    },
    async (request) => ({ data: await progressOfferSchedule(engine, actorOf(request), request.params.id, request.body.data) }),
  );
};
