import {
  investmentDetailResponse,
  investmentsSearchQuery,
  investmentsSearchResponse,
  investmentStatisticsResponse,
  lenderBorrowerResponse,
} from "@pinjaman/contracts/investment-reads";
import { searchRequest } from "@pinjaman/contracts/identity";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { ownInvestmentAccount } from "../ledger/lender-funds.ts";
import { lenderBorrower } from "./lender-borrowers.ts";
import { investmentDetail, searchInvestments } from "./lender-investments.ts";
import { lenderStatistics } from "./lender-statistics.ts";
import { investmentAccountAccess, refused } from "./routes.ts";

const investmentAccess: FastifyContextConfig = {
  access: {
    kind: "owner",
    ids: [
      { in: "params", name: "id", resource: "investment_account" },
      { in: "params", name: "investment_id", resource: "investment" },
    ],
  },
};

/** The lender's reads under app_api/v1/accounts/{id} (spec section 7 "Investments"; issue 9 §3). */
export const investmentReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/accounts/:id/investments/statistics",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary:
          "The account's investment statistics: invested, outstanding, received, fees and tax, expected income, past due by bucket, XIRR, TKB, 12 months of cash flows",
        params: z.object({ id: z.uuid() }),
        response: { 200: investmentStatisticsResponse, ...refused },
      },
    },
    async (request) => {
      await ownInvestmentAccount(app.db, callerOf(request).customerId, request.params.id);
      const { date } = await businessNow(app.db, {
        sandbox: app.config.sandbox,
      });
      return { data: await lenderStatistics(app.db, request.params.id, date) };
    },
  );

  app.post(
    "/accounts/:id/investments/search",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "The account's investments, newest first, a page at a time, with terms, status label, received and outstanding; filter status (equals, in)",
        params: z.object({ id: z.uuid() }),
        querystring: investmentsSearchQuery,
        body: searchRequest,
        response: { 200: investmentsSearchResponse, ...refused },
      },
    },
    async (request) => {
      await ownInvestmentAccount(app.db, callerOf(request).customerId, request.params.id);
      return searchInvestments(app.db, request.params.id, request.body.filters, request.query.page);
    },
  );

  app.get(
    "/accounts/:id/investments/:investment_id",
    {
      config: investmentAccess,
      schema: {
        tags: ["investments"],
        summary: "One of the account's investments with the lender's part of the schedule and each repayment received",
        params: z.object({ id: z.uuid(), investment_id: z.string().max(100) }),
        response: { 200: investmentDetailResponse, ...refused },
      },
    },
    async (request) => {
      await ownInvestmentAccount(app.db, callerOf(request).customerId, request.params.id);
      return {
        data: await investmentDetail(app.db, request.params.id, request.params.investment_id),
      };
    },
  );

  app.get(
    "/accounts/:id/borrowers/:customer_id",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary:
          "A borrower as a lender may see them (region, history, their visible applications): only of an application open to investment or one this account invested in",
        // customer_id is not the caller's: any text, one the lender may not see answers 404.
        params: z.object({ id: z.uuid(), customer_id: z.string().max(100) }),
        response: { 200: lenderBorrowerResponse, ...refused },
      },
    },
    async (request) => {
      await ownInvestmentAccount(app.db, callerOf(request).customerId, request.params.id);
      return {
        data: await lenderBorrower(app.db, request.params.id, request.params.customer_id),
      };
    },
  );
};
