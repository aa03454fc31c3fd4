import { sandboxOutboxResponse } from "@pinjaman/contracts/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { latestOutbox } from "./outbox.ts";

/**
 * GET pub_api/v1/open/sandbox/outbox: what the sandbox "sent", so a tester can read codes and
 * reset links. Not registered outside the sandbox, where it answers the API's 404.
 */
export const sandboxOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) return;
  app.get(
    "/sandbox/outbox",
    {
      config: { access: { kind: "sandbox" } },
      schema: {
        tags: ["sandbox"],
        summary: "The latest 50 mails and SMS the sandbox adapters delivered",
        response: { 200: sandboxOutboxResponse },
      },
    },
    async (_request, reply) => {
      const rows = await latestOutbox(app.db, 50);
      reply.header("cache-control", "no-store");
      return {
        data: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
};
