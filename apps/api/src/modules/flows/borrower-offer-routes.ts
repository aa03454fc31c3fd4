import { borrowerFlowsResponse } from "@pinjaman/contracts/borrower-flows";
import { errorBody } from "@pinjaman/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { borrowerOffers } from "./borrower-offers.ts";
import { engineOf } from "./engine.ts";
import { loginRequired } from "./flow-errors.ts";

/** The dashboard's offers (decision "borrower flow offers"), under app_api/v1. */
export const borrowerOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = engineOf(app);
  app.get(
    "/borrower_flows",
    {
      config: { access: { kind: "signed_in" } },
      schema: { tags: ["flows"], summary: "The returning-customer flows the caller is offered", response: { 200: borrowerFlowsResponse, 401: errorBody } },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller) throw loginRequired();
      const now = new Date();
      const today = (await businessNow(engine.db, { sandbox: engine.sandbox, real: now })).date;
      return { data: await borrowerOffers(engine.db, engine.catalogue, caller.customerId, now, today) };
    },
  );
};
