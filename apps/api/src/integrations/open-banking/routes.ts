import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendError } from "../../plugins/errors.ts";
import { openFlowProgress } from "../voice/flow-progress-lookup.ts";
import { SANDBOX_BANKS, type OpenBankingProvider } from "./open-banking-provider.ts";
import { sandboxWidgetScript } from "./widget-script.ts";
import "@pinjaman/i18n/ns/media_fields";

export const openBankingConnectionRequest = z.object({
  data: z.object({
    flow_progress_id: z.string().min(1).max(64),
    customer_id: z.string().max(64).nullable().optional(),
    bank: z.enum(SANDBOX_BANKS),
  }),
});
export const openBankingConnectionResponse = z.object({ data: z.object({ connection_id: z.string() }) });

export type OpenBankingRoutesOptions = { provider?: OpenBankingProvider };

/**
 * The sandbox open-banking provider under pub_api/v1/open/sandbox/open_banking: the widget
 * script the open_banking field loads, and the call its "Hubungkan" button makes. Not registered
 * outside the sandbox (a real provider serves its own widget).
 */
export const sandboxOpenBankingRoutes: FastifyPluginAsyncZod<OpenBankingRoutesOptions> = async (app, options) => {
  if (!app.config.sandbox) return;
  const provider = options.provider ?? app.openBanking;
  // Built once: the texts do not change while the process runs.
  const script = sandboxWidgetScript();

  app.get(
    "/sandbox/open_banking/widget.js",
    {
      config: { access: { kind: "sandbox" } },
      schema: {
        tags: ["sandbox"],
        summary: "The sandbox open-banking widget (defines window.PinjamanOpenBanking)",
        response: { 200: { description: "The widget script", content: { "text/javascript": { schema: z.string() } } } },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      reply.header("x-content-type-options", "nosniff");
      return reply.type("text/javascript; charset=utf-8").send(script);
    },
  );

  app.post(
    "/sandbox/open_banking/connections",
    {
      // Sandbox only (see above); the progress named is the credential, its customer's alone.
      config: { access: { kind: "public_or_owner", ids: [{ in: "body", name: "data.flow_progress_id", resource: "flow_progress" }] } },
      schema: {
        tags: ["sandbox"],
        summary: "Connect a (sandbox) bank login to a flow progress; answers the connection id",
        body: openBankingConnectionRequest,
        response: { 201: openBankingConnectionResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { flow_progress_id, bank } = request.body.data;
      const progress = await openFlowProgress(app.db, flow_progress_id, request.caller?.customerId ?? null);
      if (!progress) return sendError(reply, 404, "flow_progress_not_found", t("media_fields.api.flow_progress_not_found"));
      // The customer comes from the progress, never from the body: a widget cannot claim another's.
      const connection = await provider.createConnection({ flowProgressId: progress.id, customerId: progress.customerId, bank });
      return reply.status(201).send({ data: { connection_id: connection.connectionId } });
    },
  );
};
