import { signatureCodeRequest, signatureCreateRequest, signatureResponse, signatureStepRequest, type SignatureResponse } from "@pinjaman/contracts/auth";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FieldErrors, sendError } from "../../plugins/errors.ts";
import { callerOf } from "../identity/caller.ts";
import { requestOrigin } from "../audit/audit-service.ts";
import { isUuid, sendClosedChallenge, sendCodeRefusal, sendTooMany } from "../authentication/replies.ts";
import { SIGNATURE_METHODS, SIGNATURE_STEP, isSignatureMethod, type ClosedSignature, type SignatureView } from "./signature-service.ts";
import "@pinjaman/i18n/ns/authy";

/** Any other method is 404 `method_not_found` (not a validation error): the document lists those there are. */
const methodParams = z.object({ method: z.string().meta({ enum: [...SIGNATURE_METHODS] }) });
const idParams = z.object({ id: z.string() });
/** Every call on one signature: only its own customer may name it. */
const signatureAccess: FastifyContextConfig = { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "signature" }] } };
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 422: errorBody, 429: errorBody };

function body(v: SignatureView): SignatureResponse {
  return {
    data: {
      id: v.id,
      status: v.status,
      step: v.step,
      subject: v.subject,
      ...(v.codeSentTo !== undefined ? { code_sent_to: v.codeSentTo } : {}),
      ...(v.resendAfter !== undefined ? { resend_after: v.resendAfter } : {}),
      signed_at: v.signedAt ? v.signedAt.toISOString() : null,
    },
  };
}

function sendClosed(reply: FastifyReply, state: ClosedSignature) {
  return sendClosedChallenge(reply, "signature", state);
}

/**
 * authy_api signatures: the reusable code confirmation (signing a contract). Every call needs the
 * caller's session, and a signature is visible only to its own customer.
 */
export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: Parameters<typeof requestOrigin>[0]) => ({ db: app.db, mailer: app.mailer, sms: app.sms, origin: requestOrigin(request) });
  const callerId = (request: FastifyRequest) => callerOf(request).customerId;

  app.post(
    "/v1/authentication_methods/:method/signatures",
    {
      config: { access: { kind: "signed_in" } },
      schema: {
        tags: ["authy"],
        summary: "Start confirming `subject` with a one-time code (SMS, or e-mail without a phone)",
        params: methodParams,
        body: signatureCreateRequest,
        response: { 201: signatureResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const { method } = request.params;
      if (!isSignatureMethod(method)) return sendError(reply, 404, "method_not_found", t("authy.method_not_found"));
      const result = await app.eSignature.create(ctx(request), { customerId: callerId(request), method, subject: request.body.data.subject });
      if (result.kind === "throttled") return sendTooMany(reply, "too_many_requests", "authy.signature.throttled", result.retryAfterSeconds);
      return reply.status(201).send(body(result.view));
    },
  );

  app.get(
    "/v1/signatures/:id/poll",
    {
      config: signatureAccess,
      schema: { tags: ["authy"], summary: "Status of a signature", params: idParams, response: { 200: signatureResponse, ...refusals } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = isUuid(id) ? await app.eSignature.poll(app.db, { id, customerId: callerId(request) }) : null;
      if (!found) return sendClosed(reply, { kind: "not_found" });
      reply.header("cache-control", "no-store");
      return body(found);
    },
  );

  app.patch(
    "/v1/signatures/:id/step",
    {
      config: signatureAccess,
      schema: {
        tags: ["authy"],
        summary: "Record the signing step the customer is at (snake_case name)",
        params: idParams,
        body: signatureStepRequest,
        response: { 200: signatureResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return sendClosed(reply, { kind: "not_found" });
      const { step } = request.body.data;
      if (!SIGNATURE_STEP.test(step)) throw new FieldErrors({ step: [t("authy.signature.invalid_step")] });
      const result = await app.eSignature.setStep(app.db, { id, customerId: callerId(request), step });
      if (result.kind !== "updated") return sendClosed(reply, result);
      return body(result.view);
    },
  );

  app.patch(
    "/v1/signatures/:id/code",
    {
      config: signatureAccess,
      schema: {
        tags: ["authy"],
        summary: "Enter the code: the right one signs",
        params: idParams,
        body: signatureCodeRequest,
        response: { 200: signatureResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return sendClosed(reply, { kind: "not_found" });
      const result = await app.eSignature.enterCode(ctx(request), { id, customerId: callerId(request), code: request.body.data.code });
      if (result.kind !== "signed") return sendCodeRefusal(reply, "signature", result);
      return body(result.view);
    },
  );

  app.patch(
    "/v1/signatures/:id/resend_code",
    {
      config: signatureAccess,
      schema: { tags: ["authy"], summary: "Send a new code (60 s after the last)", params: idParams, response: { 200: signatureResponse, ...refusals } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return sendClosed(reply, { kind: "not_found" });
      const result = await app.eSignature.resendCode(ctx(request), { id, customerId: callerId(request) });
      if (result.kind === "too_early") return sendTooMany(reply, "resend_too_early", "authy.code.resend_wait", result.retryAfterSeconds);
      if (result.kind !== "sent") return sendClosed(reply, result);
      return body(result.view);
    },
  );
};
