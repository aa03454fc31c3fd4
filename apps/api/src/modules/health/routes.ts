import { errorBody } from "@pinjaman/contracts/errors";
import { healthResponse } from "@pinjaman/contracts/health";
import { migrationsApplied } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendError } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/api";

/**
 * Probes for a supervisor or load balancer, left out of the request logs (polled every few seconds).
 * /healthz: the process answers. /readyz: the database answers and every migration is applied.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    {
      logLevel: "silent",
      config: { access: { kind: "public" } },
      schema: { tags: ["health"], summary: "The process answers", response: { 200: healthResponse } },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      logLevel: "silent",
      config: { access: { kind: "public" } },
      schema: {
        tags: ["health"],
        summary: "The database answers and its migrations are applied",
        response: { 200: healthResponse, 503: errorBody },
      },
    },
    async (_request, reply) => {
      const ready = await migrationsApplied(app.db).catch(() => false);
      if (!ready) return sendError(reply, 503, "not_ready", t("api.not_ready"));
      return { status: "ok" as const };
    },
  );
};
