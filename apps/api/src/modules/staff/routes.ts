import { errorBody } from "@pinjaman/contracts/errors";
import { staffMeResponse } from "@pinjaman/contracts/staff";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Refusal } from "../../plugins/errors.ts";
import { callerOf } from "../identity/caller.ts";
import { staffMemberOf } from "./staff-roles.ts";
import "@pinjaman/i18n/ns/api";

/** The back office asks who is signed in and what they may do (decision 0026). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/me",
    {
      // Any session; a customer without a staff role is answered 403 below.
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["staff"],
        summary: "The signed-in staff member: name, staff roles and the permissions they grant",
        response: { 200: staffMeResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = await staffMemberOf(app.db, callerOf(request));
      if (!me) throw new Refusal(403, "forbidden_role", t("api.forbidden_permission"));
      return { data: me };
    },
  );
};
