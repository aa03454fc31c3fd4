import { errorBody } from "@pinjaman/contracts/errors";
import { personalDataDeletionBody, personalDataDeletionResponse, personalDataExport } from "@pinjaman/contracts/personal-data";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clearSessionCookie } from "../../plugins/auth.ts";
import { businessNow } from "../business-clock/business-clock.ts";
import { callerOf } from "../identity/caller.ts";
import { deletePersonalData, recordExport } from "./personal-data-deletion.ts";
import { exportPersonalData } from "./personal-data-export.ts";

/** The caller's own personal data under app_api/v1 (UU PDP 27/2022): download and deletion. */
export const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/my/personal_data",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["personal data"],
        summary: "Everything held about the caller, as a JSON file (UU PDP 27/2022 access and portability)",
        response: { 200: personalDataExport, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const customerId = callerOf(request).customerId;
      const data = await exportPersonalData(app.db, customerId);
      if (!data) throw new Error("signed-in customer without a row");
      await recordExport(app.db, customerId, Object.keys(data.sections));
      reply.header("cache-control", "no-store");
      reply.header("content-disposition", `attachment; filename="data-pribadi-pinjaman-${data.generated_at.slice(0, 10)}.json"`);
      return data;
    },
  );

  app.post(
    "/my/personal_data/deletion",
    {
      config: { access: { kind: "signed_in" }, setCookie: { 200: ["session_cleared"] } },
      schema: {
        tags: ["personal data"],
        summary: "Delete the caller's personal data (password confirmed); financial records are kept for OJK",
        body: personalDataDeletionBody,
        response: { 200: personalDataDeletionResponse, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const now = (await businessNow(app.db, { sandbox: app.config.sandbox })).at;
      const outcome = await deletePersonalData(app.db, app.fileStorage, { customerId: callerOf(request).customerId, password: request.body.data.password }, now, request.log);
      clearSessionCookie(app, reply);
      return { data: outcome };
    },
  );
};
