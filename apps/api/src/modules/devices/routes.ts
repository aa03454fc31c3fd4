import { errorBody } from "@pinjaman/contracts/errors";
import { deviceCreateRequest, deviceResponse, devicesSearchResponse, searchRequest } from "@pinjaman/contracts/identity";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendError } from "../../plugins/errors.ts";
import { callerOf } from "../identity/caller.ts";
import { createDevice, deactivateDevice, searchDevices } from "./device-service.ts";
import "@pinjaman/i18n/ns/account";

const refused = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The caller's push-messaging devices under app_api/v1 (spec sections 3, 4 and 7). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/devices",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["devices"],
        summary: "Register a device of the caller (identifier = the caller's customer id)",
        body: deviceCreateRequest,
        response: { 201: deviceResponse, ...refused, 422: errorBody },
      },
    },
    async (request, reply) => {
      const device = await createDevice(app.db, callerOf(request).customerId, request.body.data);
      return reply.status(201).send({ data: device });
    },
  );

  app.post(
    "/devices/search",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["devices"],
        summary: "The caller's devices matching filters on identifier (equals, contains) and deactivated_at (empty, present), newest first",
        body: searchRequest,
        response: { 200: devicesSearchResponse, ...refused },
      },
    },
    async (request) => ({ data: await searchDevices(app.db, callerOf(request).customerId, request.body.filters) }),
  );

  // The site asks which methods devices/search takes (spec section 7). There is no CORS plugin:
  // the API is same-origin, so this route is the only OPTIONS handler for the path.
  app.route({
    method: "OPTIONS",
    url: "/devices/search",
    config: { access: { kind: "signed_in" } },
    schema: { tags: ["devices"], summary: "Methods of devices/search", response: { 204: z.null().describe("No content"), ...refused } },
    handler: async (_request, reply) => reply.status(204).header("allow", "OPTIONS, POST").send(null),
  });

  app.patch(
    "/devices/:id/deactivate",
    {
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "device" }] } },
      schema: {
        tags: ["devices"],
        summary: "Deactivate one of the caller's devices (already deactivated: unchanged)",
        params: z.object({ id: z.uuid() }),
        response: { 200: deviceResponse, ...refused, 404: errorBody },
      },
    },
    async (request, reply) => {
      const device = await deactivateDevice(app.db, callerOf(request).customerId, request.params.id);
      if (!device) return sendError(reply, 404, "device_not_found", t("account.device.not_found"));
      return { data: device };
    },
  );
};
