import { accountsSearchResponse } from "@pinjaman/contracts/accounts";
import { errorBody } from "@pinjaman/contracts/errors";
import { searchRequest } from "@pinjaman/contracts/identity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../identity/caller.ts";
import { searchAccounts } from "./account-search.ts";

/** The caller's accounts under app_api/v1 (spec section 7). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/accounts/search",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["accounts"],
        summary: "The caller's loan and investment accounts; filter type_key, status, product_key (equals, in), activated_on and closed_on (empty, present)",
        body: searchRequest,
        response: { 200: accountsSearchResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ data: await searchAccounts(app.db, callerOf(request).customerId, request.body.filters) }),
  );
};
