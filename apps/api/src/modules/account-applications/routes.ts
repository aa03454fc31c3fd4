import { accountApplicationsResponse } from "@pinjaman/contracts/accounts";
import { applicationDecisionParams, applicationDecisionRequest, applicationDecisionResponse } from "@pinjaman/contracts/application-decisions";
import { errorBody } from "@pinjaman/contracts/errors";
import { searchRequest } from "@pinjaman/contracts/identity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { findApplication, searchApplications } from "./application-service.ts";
import { decideByOperator } from "./operator-decision.ts";
import { applicationNotFound } from "./status-transitions.ts";

/** The caller's account applications under app_api/v1 (spec section 7). */
export const accountApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/account_applications/search",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["account applications"],
        summary: "The caller's account applications; filter status (equals, in) and type_key",
        body: searchRequest,
        response: { 200: accountApplicationsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ data: await searchApplications(app.db, callerOf(request).customerId, request.body.filters) }),
  );

  app.post(
    "/account_applications/:id/decision",
    {
      config: { access: { kind: "staff", permission: "applications.review" } },
      schema: {
        tags: ["account applications"],
        summary: "An operator approves or rejects an application, with a mandatory reason (recorded as a transition)",
        params: applicationDecisionParams,
        body: applicationDecisionRequest,
        response: { 200: applicationDecisionResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const today = (await businessNow(app.db, { sandbox: app.config.sandbox })).date;
      await app.db.transaction((tx) =>
        decideByOperator(tx, { applicationId: id, outcome: request.body.outcome, reason: request.body.reason, operatorId: callerOf(request).customerId, today }),
      );
      const application = await findApplication(app.db, id);
      if (!application) throw applicationNotFound();
      return { data: application };
    },
  );
};
