import { errorBody } from "@pinjaman/contracts/errors";
import { taxStatementQuery, taxStatementResponse } from "@pinjaman/contracts/lender-tax";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { taxStatementOf } from "./tax-statement.ts";

const investmentAccountAccess: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "investment_account" }] } };

/** The lender's withholding statement (bukti potong PPh 23/26 data) under app_api/v1 (decision 0024). */
export const lenderTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/accounts/:id/tax_statements",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "Interest received and PPh 23/26 withheld per month of a year on the caller's investment account",
        params: z.object({ id: z.uuid() }),
        querystring: taxStatementQuery,
        response: { 200: taxStatementResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const year = request.query.year ?? Number((await businessNow(app.db, { sandbox: app.config.sandbox })).date.slice(0, 4));
      return { data: await taxStatementOf(app.db, callerOf(request).customerId, request.params.id, year) };
    },
  );
};
