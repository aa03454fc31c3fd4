import { acceptedResponse, passwordResetRequest, passwordResetResolveRequest } from "@pinjaman/contracts/auth";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FieldErrors, sendError } from "../../plugins/errors.ts";
import { recordAudit, requestOrigin } from "../audit/audit-service.ts";
import { emailSubject } from "../authentication/authentication-service.ts";
import { sendTooMany } from "../authentication/replies.ts";
import { hitThrottle } from "../throttle/throttle-service.ts";
import {
  RESET_METHOD,
  RESET_THROTTLE_ACCOUNT,
  RESET_THROTTLE_IP,
  findCustomerForReset,
  resolvePasswordToken,
  sendResetLink,
} from "./password-token-service.ts";
import "@pinjaman/i18n/ns/authy";

/** Any other method is 404 `method_not_found` (not a validation error): the document lists the one there is. */
const methodParams = z.object({ method: z.string().meta({ enum: [RESET_METHOD] }) });

async function onlyResetMethod(request: FastifyRequest, reply: Parameters<typeof sendError>[0]) {
  const { method } = request.params as { method?: string };
  if (method !== RESET_METHOD) return sendError(reply, 404, "method_not_found", t("authy.method_not_found"));
}

/** authy_api password resets: a mailed single-use link, then a new password for it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/v1/authentication_methods/:method/password_resets",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["authy"],
        summary: "Mail a reset link; the answer is the same whether or not the e-mail exists",
        params: methodParams,
        body: passwordResetRequest,
        response: { 202: acceptedResponse, 400: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
      },
      preValidation: onlyResetMethod,
    },
    async (request, reply) => {
      const { email } = request.body.data;
      const origin = requestOrigin(request);
      const ipHit = await hitThrottle(app.db, RESET_THROTTLE_IP, origin.ip);
      const accountHit = ipHit.blocked ? null : await hitThrottle(app.db, RESET_THROTTLE_ACCOUNT, emailSubject(email));
      if (!accountHit || accountHit.blocked) {
        return sendTooMany(reply, "too_many_requests", "authy.reset.throttled", (accountHit ?? ipHit).retryAfterSeconds);
      }
      const customer = await findCustomerForReset(app.db, email);
      await recordAudit(app.db, origin, "password_reset_requested", customer?.id ?? null, { known: customer !== null });
      // The token and the mail are made after the answer, so its time does not tell whether the address exists.
      if (customer) app.defer("password reset mail", () => sendResetLink({ db: app.db, mailer: app.mailer, publicOrigin: app.config.publicOrigin }, customer));
      return reply.status(202).send({ data: { message: t("authy.reset.accepted") } });
    },
  );

  app.post(
    "/v1/authentication_methods/:method/password_resets/resolve",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["authy"],
        summary: "Set a new (or first) password with a link token; ends every session of the customer",
        params: methodParams,
        body: passwordResetResolveRequest,
        response: { 200: acceptedResponse, 400: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: onlyResetMethod,
    },
    async (request) => {
      const result = await resolvePasswordToken({ db: app.db, mailer: app.mailer, origin: requestOrigin(request) }, request.body.data);
      if (result.kind === "invalid") throw new FieldErrors(result.fields, 400);
      return { data: { message: t("authy.reset.done") } };
    },
  );
};
