import {
  authenticatedResponse,
  authenticationCodeRequest,
  authenticationResponse,
  emailpassLoginRequest,
  type AuthenticationResponse,
} from "@pinjaman/contracts/auth";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { issueSession } from "../../plugins/auth.ts";
import { sendError } from "../../plugins/errors.ts";
import { decoyHash } from "../accounts/passwords.ts";
import { requestOrigin } from "../audit/audit-service.ts";
import { sessionInfo } from "../sessions/session-service.ts";
import { loginWithPassword } from "./authentication-service.ts";
import { ensureDeviceKey, readDeviceKey } from "./device-key.ts";
import {
  LOGIN_METHOD,
  enterLoginCode,
  pollAuthentication,
  resendLoginCode,
  type AuthenticationView,
  type ClosedChallenge,
} from "./login-code.ts";
import { RESEND_AFTER_SECONDS } from "./one-time-code.ts";
import { isUuid, sendClosedChallenge, sendCodeRefusal, sendTooMany } from "./replies.ts";
import "@pinjaman/i18n/ns/authy";

/** Any other method is 404 `method_not_found` (not a validation error): the document lists the one there is. */
const methodParams = z.object({ method: z.string().meta({ enum: [LOGIN_METHOD] }) });
const idParams = z.object({ id: z.string() });

function view(v: AuthenticationView): AuthenticationResponse {
  return {
    data: {
      id: v.id,
      status: v.status,
      ...(v.codeSentTo !== undefined ? { code_sent_to: v.codeSentTo } : {}),
      ...(v.resendAfter !== undefined ? { resend_after: v.resendAfter } : {}),
    },
  };
}

function sendClosed(reply: FastifyReply, state: ClosedChallenge) {
  return sendClosedChallenge(reply, "authentication", state);
}

/** authy_api login: e-mail and password, then a second factor when the device is new. */
export const authenticationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The first verification computes the decoy hash; do it before the first login, not during it.
  await decoyHash();

  app.post(
    "/v1/authentication_methods/:method/authentications",
    {
      config: { access: { kind: "public" }, setCookie: { 201: ["session", "device_key"], 202: ["device_key"] } },
      schema: {
        tags: ["authy"],
        summary:
          "Log in with e-mail and password; 202 when a code was sent to finish. 429 login_locked after 5 failures on the e-mail: the right password then needs the e-mailed code sent with it (or a known device)",
        params: methodParams,
        body: emailpassLoginRequest,
        response: { 201: authenticatedResponse, 202: authenticationResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
      },
      preValidation: async (request, reply) => {
        const { method } = request.params as { method?: string };
        if (method !== LOGIN_METHOD) return sendError(reply, 404, "method_not_found", t("authy.method_not_found"));
      },
    },
    async (request, reply) => {
      const { email, password, code } = request.body.data;
      const result = await loginWithPassword(
        { db: app.db, mailer: app.mailer, origin: requestOrigin(request) },
        {
          email,
          password,
          code,
          presentedDeviceKey: readDeviceKey(request),
          deviceKey: () => ensureDeviceKey(app, request, reply),
          previousSessionId: request.caller?.id ?? null,
        },
      );
      switch (result.kind) {
        case "throttled":
          return sendTooMany(reply, "too_many_attempts", "authy.login.throttled", result.retryAfterSeconds);
        case "locked":
          return sendTooMany(reply, "login_locked", result.codeGiven ? "authy.login.locked_code" : "authy.login.locked", result.retryAfterSeconds);
        case "invalid_credentials":
          return sendError(reply, 401, "invalid_credentials", t("authy.login.invalid_credentials"));
        case "code_required":
          return reply.status(202).send({
            data: { id: result.authenticationId, status: "code_required", code_sent_to: result.sentTo, resend_after: RESEND_AFTER_SECONDS },
          });
        case "authenticated":
          return reply.status(201).send({ data: { id: result.authenticationId, status: "authenticated", session: issueSession(app, request, reply, result.session) } });
      }
    },
  );

  app.get(
    "/v1/authentications/:id/poll",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["authy"],
        summary: "Status of a login (never a token)",
        params: idParams,
        response: { 200: authenticationResponse, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = isUuid(id) ? await pollAuthentication(app.db, id) : null;
      if (!found) return sendClosed(reply, { kind: "not_found" });
      reply.header("cache-control", "no-store");
      const body = view(found);
      // Only the browser holding the resulting session learns which session it is.
      const caller = request.caller;
      if (found.status === "authenticated" && caller && caller.authenticationId === id) body.data.session = sessionInfo(caller);
      return body;
    },
  );

  app.patch(
    "/v1/authentications/:id/code",
    {
      config: { access: { kind: "public" }, setCookie: { 201: ["session"] } },
      schema: {
        tags: ["authy"],
        summary: "Enter the e-mailed code (201 with the session), or ask for a new one with {resend: true}",
        params: idParams,
        body: authenticationCodeRequest,
        response: {
          200: authenticationResponse,
          201: authenticatedResponse,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return sendClosed(reply, { kind: "not_found" });
      const ctx = { db: app.db, mailer: app.mailer, origin: requestOrigin(request) };
      const data = request.body.data;

      if ("resend" in data) {
        const sent = await resendLoginCode(ctx, id);
        if (sent.kind === "too_early") return sendTooMany(reply, "resend_too_early", "authy.code.resend_wait", sent.retryAfterSeconds);
        if (sent.kind !== "sent") return sendClosed(reply, sent);
        return reply.status(200).send(view(sent.view));
      }

      const result = await enterLoginCode(ctx, { id, code: data.code, previousSessionId: request.caller?.id ?? null });
      if (result.kind !== "authenticated") return sendCodeRefusal(reply, "authentication", result);
      return reply.status(201).send({ data: { id, status: "authenticated", session: issueSession(app, request, reply, result.session) } });
    },
  );
};
