import { errorBody } from "@pinjaman/contracts/errors";
import { identityResponse, profileResponse } from "@pinjaman/contracts/identity";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendError } from "../../plugins/errors.ts";
import { callerOf } from "./caller.ts";
import { loadIdentity, loadProfile } from "./identity-service.ts";
import "@pinjaman/i18n/ns/api";

const refused = { 401: errorBody, 403: errorBody };

/** The caller's own identity and profile under app_api/v1 (spec section 7). */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/my/identity",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["identity"],
        summary: "The calling customer: id, name, e-mail, roles and the calling session",
        response: { 200: identityResponse, ...refused },
      },
    },
    async (request, reply) => {
      const identity = await loadIdentity(app.db, callerOf(request));
      if (!identity) return sendError(reply, 401, "not_authenticated", t("api.not_authenticated"));
      return { data: identity };
    },
  );

  app.get(
    "/profile",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["identity"],
        summary: "The calling customer's profile",
        response: { 200: profileResponse, ...refused },
      },
    },
    async (request, reply) => {
      const profile = await loadProfile(app.db, callerOf(request));
      if (!profile) return sendError(reply, 401, "not_authenticated", t("api.not_authenticated"));
      return { data: profile };
    },
  );
};
