import { errorBody } from "@pinjaman/contracts/errors";
import { supportLookupBody, supportLookupResponse, supportRequestBody, supportRequestResponse } from "@pinjaman/contracts/support";
import { schema } from "@pinjaman/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendTooMany } from "../authentication/replies.ts";
import { hashToken, newToken } from "../sessions/tokens.ts";
import { hitThrottle, type ThrottleRule } from "../throttle/throttle-service.ts";
import { lookupThreads, supportReference } from "./support-threads.ts";
import "@pinjaman/i18n/ns/api";

/** A public write: a few messages per network per hour keeps the care queue free of floods. */
export const SUPPORT_THROTTLE_IP: ThrottleRule = { name: "support_request_ip", limit: 5, windowSeconds: 60 * 60 };

/** The chat launcher's sandbox panel stores the visitor's message for customer care. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/support_requests",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["support"],
        summary: "Leave a message for customer care",
        body: supportRequestBody,
        response: { 201: supportRequestResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const hit = await hitThrottle(app.db, SUPPORT_THROTTLE_IP, request.ip);
      if (hit.blocked) return sendTooMany(reply, "too_many_requests", "api.support_throttled", hit.retryAfterSeconds);
      const { name, contact, message, page_path } = request.body.data;
      // The panel keeps this secret to read the answers; only its hash is stored.
      const accessToken = newToken();
      const [row] = await app.db
        .insert(schema.supportRequests)
        .values({ name, contact, message, pagePath: page_path, requestId: String(request.id), accessTokenHash: hashToken(accessToken) })
        .returning();
      if (!row) throw new Error("support request not stored");
      return reply.status(201).send({
        data: { id: row.id, reference: supportReference(row.id), created_at: row.createdAt.toISOString(), access_token: accessToken },
      });
    },
  );

  app.post(
    "/support_requests/lookup",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["support"],
        summary: "The chat panel's own messages and their answers, by the secrets it kept (unknown ones skipped)",
        body: supportLookupBody,
        response: { 200: supportLookupResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await lookupThreads(app.db, request.body.data.tokens) };
    },
  );
};
