import { errorBody } from "@pinjaman/contracts/errors";
import { searchRequest } from "@pinjaman/contracts/identity";
import {
  applicationFundingResponse,
  investmentApplicationResponse,
  investmentApplicationsSearchQuery,
  investmentApplicationsSearchResponse,
  investRequest,
  investResponse,
} from "@pinjaman/contracts/investments";
import { isAutoinvestKey } from "@pinjaman/domain/autoinvest";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../identity/caller.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { ownInvestmentAccount } from "../ledger/lender-funds.ts";
import { openInvestmentApplication, searchInvestmentApplications } from "./investment-applications.ts";
import { applicationFunding, invest, type Funding, type Investment } from "./investment-service.ts";

export const investmentAccountAccess: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "investment_account" }] } };
export const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const investmentBody = (row: Investment) => ({
  id: row.id,
  investment_account_id: row.investmentAccountId,
  account_application_id: row.accountApplicationId,
  amount: row.amount,
  status: row.status,
  autoinvest: isAutoinvestKey(row.idempotencyKey),
  created_at: row.createdAt.toISOString(),
});

const fundingBody = (applicationId: string, funding: Funding) => ({ account_application_id: applicationId, ...funding });

/** Funding under app_api/v1/accounts/{id} (spec section 7 "Investments"; issue 8, decision 0009). */
export const fundingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/accounts/:id/investments",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "Invest from the caller's investment account in an application waiting for investment (reserves the amount; the same key invests once)",
        params: z.object({ id: z.uuid() }),
        body: investRequest,
        response: { 200: investResponse, 201: investResponse, ...refused, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { account_application_id, amount, idempotency_key } = request.body.data;
      const { date } = await businessNow(app.db, { sandbox: app.config.sandbox });
      const result = await invest(app.db, {
        customerId: callerOf(request).customerId,
        investmentAccountId: request.params.id,
        applicationId: account_application_id,
        amount,
        idempotencyKey: idempotency_key,
        businessDate: date,
      });
      return reply.status(result.replayed ? 200 : 201).send({
        data: { investment: investmentBody(result.investment), funding: fundingBody(account_application_id, result.funding), replayed: result.replayed },
      });
    },
  );

  app.get(
    "/accounts/:id/investment_applications/:application_id/funding",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "An application's amount, what investments hold and what is still open to invest: only of an application open to investment or one this account invested in",
        // application_id is not the caller's: any text; an unknown one, or one the lender may not see, answers 404 after the owner check.
        params: z.object({ id: z.uuid(), application_id: z.string().max(100) }),
        response: { 200: applicationFundingResponse, ...refused },
      },
    },
    async (request) => {
      await ownInvestmentAccount(app.db, callerOf(request).customerId, request.params.id);
      return { data: fundingBody(request.params.application_id, await applicationFunding(app.db, request.params.id, request.params.application_id)) };
    },
  );

  app.post(
    "/accounts/:id/investment_applications/search",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary:
          "The applications open to investment (terms, risk grade, funded and remaining, funding deadline, the borrower's region and history; never who they are), a page at a time; filter risk_grade, product_key (equals, in); query: sort, term and amount ranges",
        params: z.object({ id: z.uuid() }),
        querystring: investmentApplicationsSearchQuery,
        body: searchRequest,
        response: { 200: investmentApplicationsSearchResponse, ...refused },
      },
    },
    async (request) => {
      await ownInvestmentAccount(app.db, callerOf(request).customerId, request.params.id);
      return searchInvestmentApplications(app.db, request.body.filters, request.query);
    },
  );

  app.get(
    "/accounts/:id/investment_applications/:application_id",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "One application open to investment with the same facts as the search (404 when it is not open)",
        // application_id is not the caller's: any text, an unknown one answers 404 after the owner check.
        params: z.object({ id: z.uuid(), application_id: z.string().max(100) }),
        response: { 200: investmentApplicationResponse, ...refused },
      },
    },
    async (request) => {
      await ownInvestmentAccount(app.db, callerOf(request).customerId, request.params.id);
      return { data: await openInvestmentApplication(app.db, request.params.application_id) };
    },
  );
};
