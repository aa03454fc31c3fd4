import { accountApplicationsResponse } from "@pinjaman/contracts/accounts";
import { errorBody } from "@pinjaman/contracts/errors";
import { searchRequest } from "@pinjaman/contracts/identity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../identity/caller.ts";
import { searchApplications } from "./application-service.ts";

/** The caller's account applications under app_api/v1 (spec section 7). */
export const accountApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/account_applications/search",
    {
      preHandler: app.requireCaller,
      schema: {
        tags: ["account applications"],
        summary: "The caller's account applications; filter status (equals, in) and type_key",
        body: searchRequest,
        response: { 200: accountApplicationsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ data: await searchApplications(app.db, callerOf(request).customerId, request.body.filters) }),
  );
};
