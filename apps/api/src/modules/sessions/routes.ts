import { sessionResponse } from "@pinjaman/contracts/auth";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clearSessionCookie, issueSession } from "../../plugins/auth.ts";
import { sendError } from "../../plugins/errors.ts";
import { callerOf } from "../identity/caller.ts";
import { recordAudit, requestOrigin } from "../audit/audit-service.ts";
import { revokeSession, rotateSession } from "./session-service.ts";
import "@pinjaman/i18n/ns/api";
import "@pinjaman/i18n/ns/authy";

const idParams = z.object({ id: z.string() });

/**
 * authy_api sessions/{id}: refresh (a new token for the caller's own session, the cookie
 * rewritten) and logout. Only the caller's own live session may be named; another id is 404.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    "/sessions/:id",
    {
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "session" }] }, setCookie: { 200: ["session"] } },
      schema: {
        tags: ["authy"],
        summary: "Refresh the caller's session: new token and expiry, cookie rewritten (the token in the answer when authorised by X-Authorization)",
        params: idParams,
        response: { 200: sessionResponse, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.params.id !== caller.id) return sendError(reply, 404, "session_not_found", t("authy.session.not_found"));
      const renewed = await rotateSession(app.db, caller.id);
      // It expired or was revoked since the request was authenticated.
      if (!renewed) return sendError(reply, 401, "session_expired", t("authy.session.expired"));
      const data = issueSession(app, request, reply, renewed);
      await recordAudit(app.db, requestOrigin(request), "refresh", caller.customerId, { session_id: caller.id });
      return { data };
    },
  );

  app.delete(
    "/sessions/:id",
    {
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "session" }] }, setCookie: { 204: ["session_cleared"], 401: ["session_cleared"] } },
      schema: {
        tags: ["authy"],
        summary: "Log out: revoke the caller's session and clear the cookie",
        params: idParams,
        response: { 204: z.null().describe("Logged out"), 401: errorBody, 403: errorBody, 404: errorBody },
      },
      // Refused without a live session (by the auth hook): a stale cookie is of no use any more,
      // so drop it as logging out would.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 401) clearSessionCookie(app, reply);
        return payload;
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.params.id !== caller.id) return sendError(reply, 404, "session_not_found", t("authy.session.not_found"));
      await revokeSession(app.db, caller.id);
      clearSessionCookie(app, reply);
      await recordAudit(app.db, requestOrigin(request), "logout", caller.customerId, { session_id: caller.id });
      return reply.status(204).send(null);
    },
  );
};
