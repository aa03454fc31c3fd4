import { timingSafeEqual } from "node:crypto";
import { errorBody } from "@pinjaman/contracts/errors";
import { tkbQuery, tkbResponse } from "@pinjaman/contracts/company";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendError } from "../../plugins/errors.ts";
import { latestTkb } from "./tkb-service.ts";
import "@pinjaman/i18n/ns/api";

function sameKey(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Company services: called by partners with the company API key (spec section 7). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tkb.php",
    {
      // Partners call it with the company API key in `key`, checked below.
      config: { access: { kind: "public", credential: "company_key" } },
      schema: {
        tags: ["company"],
        summary: "Success-rate (TKB) figures with their last update",
        querystring: tkbQuery,
        response: { 200: tkbResponse, 401: errorBody },
      },
    },
    async (request, reply) => {
      if (!sameKey(request.query.key, app.config.companyApiKey)) {
        return sendError(reply, 401, "unauthorized", t("api.unauthorized"));
      }
      return latestTkb(app.db);
    },
  );
};
