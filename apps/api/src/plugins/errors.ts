import { fieldErrorsFromIssues } from "@pinjaman/contracts/field-errors";
import { t } from "@pinjaman/i18n";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { ErrorBody } from "@pinjaman/contracts/errors";
import "@pinjaman/i18n/ns/api";

/** Paths that are API: an unknown one answers JSON 404, never the HTML site. */
export const API_PREFIXES = ["/app_api/", "/authy_api/", "/pub_api/", "/docs/json"];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string, fields?: Record<string, string[]>) {
  const body: ErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** A domain rule's refusal: 4xx with messages per field, nothing changed. */
export class FieldErrors extends Error {
  constructor(
    readonly fields: Record<string, string[]>,
    readonly status = 400,
  ) {
    super("validation_failed");
  }
}

/** A service's refusal with its own status, code and message (already in Indonesian). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map(
        (v) =>
          ({
            ...(v.params as object),
            code: v.keyword,
            path: v.instancePath.split("/").filter(Boolean),
            message: v.message ?? "",
          }) as unknown as z.core.$ZodIssue,
      );
      return sendError(reply, 400, "validation_failed", t("api.validation_failed"), fieldErrorsFromIssues(issues));
    }
    if (error instanceof Refusal) return sendError(reply, error.status, error.code, error.message);
    if (error instanceof FieldErrors) {
      return sendError(reply, error.status, "validation_failed", t("api.validation_failed"), error.fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(reply, 413, "payload_too_large", t("api.payload_too_large"));
    if (status === 415) return sendError(reply, 415, "unsupported_media_type", t("api.unsupported_media_type"));
    if (status === 429) return sendError(reply, 429, "too_many_requests", error.message);
    if (status >= 400 && status < 500) {
      return sendError(reply, status, error.code ?? "bad_request", t("api.validation_failed"));
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, "internal", t("api.internal"));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, "not_found", t("api.not_found")),
  );
}
