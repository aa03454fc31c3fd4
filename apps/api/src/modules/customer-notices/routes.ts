import { errorBody } from "@pinjaman/contracts/errors";
import { customerNoticesResponse, searchRequest } from "@pinjaman/contracts/identity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../identity/caller.ts";
import { searchNotices } from "./notice-service.ts";

/** The caller's notices under app_api/v1 (spec section 7). */
export const customerNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/customer_notices/search",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["customer notices"],
        summary: "The caller's notices, newest first; filter read_at empty (unread) or present (read)",
        body: searchRequest,
        response: { 200: customerNoticesResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ data: await searchNotices(app.db, callerOf(request).customerId, request.body.filters) }),
  );
};
