import { disbursalIdParams, disbursalQueueQuery, disbursalQueueResponse, disbursalRetryRequest, disbursalRetryResponse } from "@pinjaman/contracts/back-office-queues";
import { errorBody } from "@pinjaman/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessNow } from "../business-clock/business-clock.ts";
import { runDisbursal } from "./disbursal-run.ts";
import { disbursalQueue, disbursalQueueItem, scheduleRetryNow } from "./disbursal-queue.ts";

const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The disbursal queue under app_api/v1/back_office (permission disbursals.manage, decision
 * 0033-operator-console): what waits to be paid out and what the bank refused, and a retry now.
 */
export const disbursalQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { kind: "staff", permission: "disbursals.manage" } as const;

  app.get(
    "/back_office/disbursals",
    {
      config: { access },
      schema: {
        tags: ["back office"],
        summary: "Disbursal queue: cooling-off, to pay, refused and retrying (attempts, the bank's reason), given up",
        querystring: disbursalQueueQuery,
        response: { 200: disbursalQueueResponse, ...refused },
      },
    },
    async (request) => ({ data: await disbursalQueue(app.db, request.query.stage) }),
  );

  app.post(
    "/back_office/disbursals/:id/retry",
    {
      config: { access },
      schema: {
        tags: ["back office"],
        summary: "Try a pending disbursal again now, with a reason (the ordinary attempt: the bank is asked with the same reference, so it pays once)",
        params: disbursalIdParams,
        body: disbursalRetryRequest,
        response: { 200: disbursalRetryResponse, ...refused },
      },
    },
    async (request) => {
      const now = (await businessNow(app.db, { sandbox: app.config.sandbox })).at;
      await scheduleRetryNow(app.db, request, { disbursalId: request.params.id, now, reason: request.body.reason });
      const outcome = await runDisbursal(app.db, app.jobIntegrations, request.params.id, now);
      const item = await disbursalQueueItem(app.db, request.params.id);
      return { data: { outcome, item: item! } };
    },
  );
};
