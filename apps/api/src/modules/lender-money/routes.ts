import { errorBody } from "@pinjaman/contracts/errors";
import { paymentOptionsResponse, withdrawalCodeRequest, withdrawalCodeResponse, withdrawalRequest, withdrawalResponse, withdrawalsResponse } from "@pinjaman/contracts/lender-money";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestOrigin } from "../audit/audit-service.ts";
import { sendCodeRefusal, sendTooMany } from "../authentication/replies.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { paymentOptions } from "./top-up.ts";
import { runWithdrawal } from "./withdrawal-run.ts";
import { listWithdrawals, requestWithdrawalCode, withdraw, withdrawalById, withdrawalView } from "./withdrawal-service.ts";
import "@pinjaman/i18n/ns/lender_money";

const access: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "investment_account" }] } };
const params = z.object({ id: z.uuid() });
const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A lender's money in and out of an investment account under app_api/v1 (issue 9 §2, decision 0020). */
export const lenderMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: Parameters<typeof requestOrigin>[0]) => ({ db: app.db, mailer: app.mailer, sms: app.sms, origin: requestOrigin(request) });

  app.get(
    "/accounts/:id/payment_options",
    {
      config: access,
      schema: {
        tags: ["investments"],
        summary: "The caller's own top-up virtual account per channel, with how to pay into it (spec: payment options, data.channels)",
        params,
        response: { 200: paymentOptionsResponse, ...refused, 503: errorBody },
      },
    },
    async (request) => ({ data: await paymentOptions(app.db, callerOf(request).customerId, request.params.id, app.config.virtualAccountCodes) }),
  );

  app.post(
    "/accounts/:id/withdrawals/code",
    {
      config: access,
      schema: {
        tags: ["investments"],
        summary: "Send a one-time code confirming a withdrawal of this amount to the caller's bank account",
        params,
        body: withdrawalCodeRequest,
        response: { 201: withdrawalCodeResponse, ...refused, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const result = await requestWithdrawalCode(ctx(request), { customerId: callerOf(request).customerId, accountId: request.params.id, amount: request.body.data.amount });
      if (result.kind === "throttled") return sendTooMany(reply, "too_many_requests", "lender_money.withdrawal.throttled", result.retryAfterSeconds);
      return reply.status(201).send({ data: { signature_id: result.view.id, code_sent_to: result.view.codeSentTo ?? "", resend_after: result.view.resendAfter ?? 0 } });
    },
  );

  app.post(
    "/accounts/:id/withdrawals",
    {
      config: access,
      schema: {
        tags: ["investments"],
        summary: "Withdraw to the caller's bank account, confirmed with the code (the same key withdraws once)",
        params,
        body: withdrawalRequest,
        response: { 200: withdrawalResponse, 201: withdrawalResponse, ...refused, 409: errorBody, 410: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const now = await businessNow(app.db, { sandbox: app.config.sandbox });
      const { amount, idempotency_key, signature_id, code } = request.body.data;
      const result = await withdraw(ctx(request), {
        customerId: callerOf(request).customerId,
        accountId: request.params.id,
        amount,
        idempotencyKey: idempotency_key,
        signatureId: signature_id,
        code,
        now: now.at,
        businessDate: now.date,
      });
      if (!("withdrawal" in result)) return sendCodeRefusal(reply, "signature", result);
      const created = result.kind === "created";
      // The first attempt at once; a retryable refusal is retried by the withdrawal job.
      if (created) await runWithdrawal(app.db, app.bank, result.withdrawal.id, now.at);
      return reply.status(created ? 201 : 200).send({ data: withdrawalView(await withdrawalById(app.db, result.withdrawal.id)) });
    },
  );

  app.get(
    "/accounts/:id/withdrawals",
    {
      config: access,
      schema: { tags: ["investments"], summary: "The caller's withdrawals, newest first, with status and the reason of a failure", params, response: { 200: withdrawalsResponse, ...refused } },
    },
    async (request) => ({ data: (await listWithdrawals(app.db, callerOf(request).customerId, request.params.id)).map(withdrawalView) }),
  );
};
