import { autoinvestSetupRequest, autoinvestSetupResponse } from "@pinjaman/contracts/autoinvest";
import { errorBody } from "@pinjaman/contracts/errors";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../identity/caller.ts";
import { autoinvestProducts, autoinvestSetup, saveAutoinvestSetup } from "./autoinvest-settings.ts";

const investmentAccountAccess: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "investment_account" }] } };
const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Autoinvest setup under app_api/v1/accounts/{id} (spec section 7 "Investments"; issue 9 §4, decision 0021). */
export const autoinvestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/accounts/:id/investments/setup",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "The investment account's autoinvest rules (the defaults, disabled, until saved)",
        params: z.object({ id: z.uuid() }),
        response: { 200: autoinvestSetupResponse, ...refused },
      },
    },
    async (request) => ({ data: { autoinvest: await autoinvestSetup(app.db, callerOf(request).customerId, request.params.id), products: await autoinvestProducts(app.db) } }),
  );

  app.patch(
    "/accounts/:id/investments/setup",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "Replaces the investment account's autoinvest rules: amount per loan, tenor range, grades, products, maximum per borrower, reserve",
        params: z.object({ id: z.uuid() }),
        body: autoinvestSetupRequest,
        response: { 200: autoinvestSetupResponse, ...refused, 422: errorBody },
      },
    },
    async (request) => ({
      data: { autoinvest: await saveAutoinvestSetup(app.db, callerOf(request).customerId, request.params.id, request.body.data.autoinvest), products: await autoinvestProducts(app.db) },
    }),
  );
};
