import { errorBody } from "@pinjaman/contracts/errors";
import { loanChangeDecisionBody, loanChangeListQuery, loanChangeParams, loanChangeRequestResponse, loanChangeRequestsResponse } from "@pinjaman/contracts/loan-changes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { staffIdOf } from "../staff/staff-actions.ts";
import { loanChangeNotFound } from "./apply-loan-change.ts";
import { decideLoanChange, listLoanChanges } from "./loan-changes.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const access = { access: { kind: "staff", permission: "loan_changes.decide" } } as const;

/** Borrowers' reschedule and restructure requests, decided by staff (loan_changes.decide). */
export const loanChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = async () => (await businessNow(app.db, { sandbox: app.config.sandbox })).date;

  app.get(
    "/staff/loan_change_requests",
    { config: access, schema: { tags: ["staff"], summary: "Reschedule and restructure requests with the terms approval would give", querystring: loanChangeListQuery, response: { 200: loanChangeRequestsResponse, ...errors } } },
    async (request) => ({ data: await listLoanChanges(app.db, { status: request.query.status, today: await today() }) }),
  );

  app.post(
    "/staff/loan_change_requests/:id/decision",
    {
      config: access,
      schema: {
        tags: ["staff"],
        summary:
          "Approve (new current application with a new schedule) or reject a reschedule or restructure request; an approval that lowers the rate, forgives late fees or moves the maturity waits for a second staff member (staff/loan_change_approvals)",
        params: loanChangeParams,
        body: loanChangeDecisionBody,
        response: { 200: loanChangeRequestResponse, ...errors },
      },
    },
    async (request) => {
      const date = await today();
      await app.db.transaction((tx) => decideLoanChange(tx, { staffId: staffIdOf(request), request }, { id: request.params.id, outcome: request.body.outcome, reason: request.body.reason, today: date }));
      const [found] = await listLoanChanges(app.db, { id: request.params.id, today: date });
      if (!found) throw loanChangeNotFound();
      return { data: found };
    },
  );
};
