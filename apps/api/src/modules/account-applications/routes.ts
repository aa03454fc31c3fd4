import { accountApplicationsResponse } from "@pinjaman/contracts/accounts";
import { applicationDecisionParams, applicationDecisionRequest, applicationDecisionResponse } from "@pinjaman/contracts/application-decisions";
import { errorBody } from "@pinjaman/contracts/errors";
import { searchRequest } from "@pinjaman/contracts/identity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "@pinjaman/db";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { recordStaffAction } from "../staff/staff-actions.ts";
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
      await app.db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const before = await findApplication(tx, id);
        await decideByOperator(tx, { applicationId: id, outcome: request.body.outcome, reason: request.body.reason, operatorId: callerOf(request).customerId, today });
        const after = await findApplication(tx, id);
        // The audit of the decision (decision 0026), in its transaction: who, before/after, the reason.
        await recordStaffAction(tx, request, {
          permission: "applications.review",
          action: `application.${request.body.outcome}`,
          subjectType: "account_application",
          subjectId: id,
          before: { status: before?.status, risk_grade: before?.risk_grade },
          after: { status: after?.status, risk_grade: after?.risk_grade },
          reason: request.body.reason,
        });
      });
      const application = await findApplication(app.db, id);
      if (!application) throw applicationNotFound();
      return { data: application };
    },
  );
};
