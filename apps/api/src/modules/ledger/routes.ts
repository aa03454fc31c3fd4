import { errorBody } from "@pinjaman/contracts/errors";
import { depositRequest, depositResponse, investmentAccountBalanceResponse } from "@pinjaman/contracts/ledger";
import { businessNow } from "../business-clock/business-clock.ts";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../identity/caller.ts";
import { sandboxTopUp } from "../lender-money/top-up.ts";
import { investmentAccountBalance } from "./lender-funds.ts";

const investmentAccountAccess: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "investment_account" }] } };
const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A lender's money on their investment account under app_api/v1 (issue 8, decision 0009). */
export const lenderFundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/accounts/:id/balance",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments"],
        summary: "Available and reserved funds of the caller's investment account",
        params: z.object({ id: z.uuid() }),
        response: { 200: investmentAccountBalanceResponse, ...refused },
      },
    },
    async (request) => ({ data: await investmentAccountBalance(app.db, callerOf(request).customerId, request.params.id) }),
  );

  // A real top-up is the payment gateway's notification on the lender's top-up VA; the sandbox
  // plays the gateway through the same path (decision 0020). Not registered outside the sandbox,
  // where the path answers the API's 404.
  if (!app.config.sandbox) return;
  app.post(
    "/accounts/:id/deposits",
    {
      config: investmentAccountAccess,
      schema: {
        tags: ["investments", "sandbox"],
        summary: "Sandbox: top up the caller's investment account through its virtual account (the same key deposits once)",
        params: z.object({ id: z.uuid() }),
        body: depositRequest,
        response: { 200: depositResponse, 201: depositResponse, ...refused, 409: errorBody, 422: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const { amount, idempotency_key, channel } = request.body.data;
      const result = await sandboxTopUp(
        app.db,
        callerOf(request).customerId,
        request.params.id,
        { amount, idempotencyKey: idempotency_key, channel, businessDate: (await businessNow(app.db, { sandbox: app.config.sandbox })).date },
        app.config.virtualAccountCodes,
      );
      return reply.status(result.replayed ? 200 : 201).send({
        data: { transfer_id: result.transferId, amount: result.amount, replayed: result.replayed, balance: result.balance },
      });
    },
  );
};
