import {
  supportAnswerBody,
  supportAnswerResponse,
  supportInboxQuery,
  supportInboxResponse,
  supportRequestIdParams,
} from "@pinjaman/contracts/customer-care";
import { errorBody } from "@pinjaman/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordStaffAction } from "../staff/staff-actions.ts";
import { answerSupportRequest, listInbox } from "./support-threads.ts";

const refused = { 401: errorBody, 403: errorBody };

/** The back office's chat inbox under app_api/v1/staff: the chat launcher's messages and their answers. */
export const staffSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/support_requests",
    {
      config: { access: { kind: "staff", permission: "chat.answer" } },
      schema: {
        tags: ["back office"],
        summary: "The chat inbox: open messages oldest first (status=open), or answered / all newest first",
        querystring: supportInboxQuery,
        response: { 200: supportInboxResponse, 400: errorBody, ...refused },
      },
    },
    async (request) => {
      const data = await listInbox(app.db, request.query);
      // Names and contacts are personal data: the read is recorded like a customer view.
      await recordStaffAction(app.db, request, {
        permission: "chat.answer",
        action: "support_request.list",
        subjectType: "support_request",
        subjectId: request.query.status,
        after: { ids: data.map((d) => d.id) },
      });
      return { data };
    },
  );

  app.post(
    "/staff/support_requests/:id/answers",
    {
      config: { access: { kind: "staff", permission: "chat.answer" } },
      schema: {
        tags: ["back office"],
        summary: "Answer a chat message: shown in the visitor's chat panel and sent to their e-mail (or SMS)",
        params: supportRequestIdParams,
        body: supportAnswerBody,
        response: { 201: supportAnswerResponse, 400: errorBody, ...refused, 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await answerSupportRequest(app.db, { mailer: app.mailer, sms: app.sms }, request, { id: request.params.id, body: request.body.data.body });
      return reply.status(201).send({ data });
    },
  );
};
