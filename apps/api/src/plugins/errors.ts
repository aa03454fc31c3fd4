import { fieldErrorsFromIssues } from "@pinjaman/contracts/field-errors";
import { t } from "@pinjaman/i18n";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { ErrorBody } from "@pinjaman/contracts/errors";
import type { Socket } from "node:net";
import { COMPANY_PATHS } from "./access.ts";
import { keepOutOfCaches } from "./no-store.ts";
import { uniqueViolationAnswer } from "./unique-violations.ts";
import "@pinjaman/i18n/ns/api";

/** Where the API lives: every path at or under one answers the JSON envelope, never the HTML site. */
const API_ROOTS = ["/app_api", "/authy_api", "/pub_api", "/partner_api", "/docs/json", ...COMPANY_PATHS, "/healthz", "/readyz"];

export function isApiPath(url: string): boolean {
  const path = url.split("?", 1)[0]!;
  return API_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));
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
    /** A 429's wait, sent as Retry-After (every 429 carries it, as the API document says). */
    readonly retryAfterSeconds?: number,
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

/** Framework refusals by their code: the status and message each answers with, in the envelope. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: "bad_url", message: "api.bad_url" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, code: "not_found", message: "api.not_found" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "invalid_json", message: "api.invalid_json" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid_json", message: "api.invalid_json" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupported_media_type", message: "api.unsupported_media_type" },
  // @fastify/multipart answers 406 when a multipart route gets another content type.
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: "unsupported_media_type", message: "api.multipart_required" },
  // A form field sent as JSON that is not (@fastify/multipart answers 406 Not Acceptable, which is about the answer).
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: "malformed_multipart", message: "api.malformed_multipart" },
  FST_PROTO_VIOLATION: { status: 400, code: "malformed_multipart", message: "api.malformed_multipart" },
};

/**
 * What the multipart parser (@fastify/busboy 3) throws, as plain Errors without a code, for a body
 * that is not the form its content type claims: no boundary, an empty or over-long one, a body or
 * part cut short. The request's fault (400), whichever route reads the form.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.$/,
  /^Unexpected end of multipart data$/,
  /^(Preamble|Part) terminated early due to unexpected end of multipart data$/,
  /^Unsupported Content-Type\.$/,
];

export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !("code" in error) && MALFORMED_MULTIPART.some((message) => message.test(error.message));
}

/**
 * Errors the router raises before any route runs (a bad percent-encoding, a parameter longer
 * than the router keeps): the envelope too. Passed to Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code] ?? FRAMEWORK_ERRORS.FST_ERR_BAD_URL!;
  // Answered outside every route, so the app's onSend hooks do not run.
  keepOutOfCaches(request, reply);
  return sendError(reply, known.status, known.code, t(known.message));
}

/** What Node's HTTP parser refuses before any request exists, by its error code. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: string; message: string }> = {
  // A request line (the URL) or headers over Node's maxHeaderSize (16 KiB).
  HPE_HEADER_OVERFLOW: { status: 431, reason: "Request Header Fields Too Large", code: "request_header_too_large", message: "api.request_header_too_large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: "Request Timeout", code: "request_timeout", message: "api.request_timeout" },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (an over-long URL or header
 * block, a malformed request line) gets the error envelope too, then the connection closes, as
 * Node's own answer would. A connection already gone gets nothing.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ""] ?? { status: 400, reason: "Bad Request", code: "malformed_request", message: "api.malformed_request" };
  const body = JSON.stringify({ error: { code: known.code, message: t(known.message) } } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The value at a validation issue's path inside what was validated (undefined when absent). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // zod leaves out the value it refused; the message needs it (missing vs. of the wrong type).
      // Fastify names the query's context "querystring"; the request holds it as `query`.
      const context = error.validationContext === "querystring" ? "query" : (error.validationContext ?? "body");
      const validated = (request as unknown as Record<string, unknown>)[context];
      const issues = error.validation.map((v) => {
        const path = v.instancePath.split("/").filter(Boolean);
        return { input: valueAt(validated, path), ...(v.params as object), code: v.keyword, path, message: v.message ?? "" } as unknown as z.core.$ZodIssue;
      });
      return sendError(reply, 400, "validation_failed", t("api.validation_failed"), fieldErrorsFromIssues(issues));
    }
    if (error instanceof Refusal) return sendError(reply, error.status, error.code, error.message);
    if (error instanceof FieldErrors) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      return sendError(reply, error.status, "validation_failed", t("api.validation_failed"), error.fields);
    }
    const known = FRAMEWORK_ERRORS[error.code];
    if (known) return sendError(reply, known.status, known.code, t(known.message));
    // A unique index refused a write that raced past its service's check (rolled back).
    const conflict = uniqueViolationAnswer(error);
    if (conflict) {
      if (conflict.status === 409) request.log.warn({ constraint: conflict.constraint }, "unique violation without a mapped refusal");
      return sendError(reply, conflict.status, conflict.code, conflict.message, conflict.fields);
    }
    if (isMalformedMultipart(error)) return sendError(reply, 400, "malformed_multipart", t("api.malformed_multipart"));
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
