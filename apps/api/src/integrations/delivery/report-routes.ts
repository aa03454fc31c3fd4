import { createHash, timingSafeEqual } from "node:crypto";
import { infobipDeliveryReports, infobipDeliveryReportsResponse, infobipReportQuery } from "@pinjaman/contracts/delivery-reports";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Refusal } from "../../plugins/errors.ts";
import { applyInfobipReports } from "./delivery-reports.ts";
import { INFOBIP_NOTIFY_SECRET_PARAM } from "./infobip-sms.ts";
import "@pinjaman/i18n/ns/delivery";

/** Whether `given` is the configured secret, compared in constant time (digests of equal length); false when either is missing. */
export function validNotifySecret(given: unknown, secret: string | undefined): boolean {
  if (!secret || typeof given !== "string" || given.length === 0) return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * POST pub_api/v1/infobip/delivery_reports (decision 0028): Infobip's delivery reports of the SMS
 * sent with a notifyUrl (INFOBIP_NOTIFY_URL). No session: the notifyUrl carries the shared secret
 * INFOBIP_NOTIFY_SECRET as its `secret` query parameter (a per-message notifyUrl cannot carry
 * headers), checked in constant time before the body is read; a missing or wrong one, or no secret
 * configured, is 401 and changes nothing. A report naming no message of ours is acknowledged (200)
 * so Infobip stops retrying; a known one moves the delivery to delivered or undelivered
 * (delivery-reports.ts), idempotently. Registered in the sandbox too, where without a secret it
 * refuses every call (the sandbox sends no SMS through Infobip).
 */
export const infobipReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.delivery.infobipNotifySecret;
  app.post(
    "/infobip/delivery_reports",
    {
      config: { access: { kind: "public" } },
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown> | undefined;
        if (!validNotifySecret(query?.[INFOBIP_NOTIFY_SECRET_PARAM], secret)) {
          throw new Refusal(401, "invalid_secret", t("delivery.reports.secret_invalid"));
        }
      },
      schema: {
        tags: ["integrations"],
        summary: "Infobip's SMS delivery reports (shared secret in the query; unknown message ids acknowledged; idempotent)",
        querystring: infobipReportQuery,
        body: infobipDeliveryReports,
        response: { 200: infobipDeliveryReportsResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({ data: await applyInfobipReports(app.db, request.body.results) }),
  );
};
