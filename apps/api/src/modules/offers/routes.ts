import { errorBody } from "@pinjaman/contracts/errors";
import {
  defaultOfferScheduleParams,
  defaultOfferScheduleRequest,
  defaultOfferScheduleResponse,
} from "@pinjaman/contracts/offers";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendError } from "../../plugins/errors.ts";
import { businessNow } from "../business-clock/business-clock.ts";
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
};
