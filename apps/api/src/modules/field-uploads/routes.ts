import multipart from "@fastify/multipart";
import { errorBody } from "@pinjaman/contracts/errors";
import { presignUploadRequest, presignUploadResponse } from "@pinjaman/contracts/uploads";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LocalStorage } from "../../integrations/storage/local.ts";
import { sendError } from "../../plugins/errors.ts";
import { callerOf } from "../identity/caller.ts";
import { presignUpload, readableUpload, receiveUpload, UploadRefused } from "./upload-service.ts";
import "@pinjaman/i18n/ns/uploads";

const params = z.object({ id: z.uuid() });

/**
 * Field uploads under app_api/v1 (spec sections 3 and 7): presign, the local adapter's upload
 * target, and reading a file back. Multipart is registered here only, so no other route parses it.
 */
export const fieldUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.fileStorage;
  await app.register(multipart, {
    // One file after a few policy fields; one byte over the largest upload lets the policy's own
    // size check (not the parser's truncation) refuse it.
    limits: { fields: 10, fieldSize: 16 * 1024, files: 1, parts: 11, fileSize: app.config.uploads.maxBytes + 1 },
  });

  app.post(
    "/field_uploads/presign_upload",
    {
      config: { access: { kind: "owner", ids: [{ in: "body", name: "data.flow_progress_id", resource: "flow_progress" }] } },
      schema: {
        tags: ["field_uploads"],
        summary: "Presign a file upload (jpeg, png or pdf up to the size limit); the form expires after 15 minutes",
        body: presignUploadRequest,
        response: { 200: presignUploadResponse, 400: errorBody, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await presignUpload(app.db, storage, callerOf(request), request.body.data, { maxBytes: app.config.uploads.maxBytes }),
    }),
  );

  app.post(
    "/field_uploads/:id/content",
    {
      // The presigned policy fields are the credential, checked by the upload service.
      config: { access: { kind: "public" } },
      schema: {
        tags: ["field_uploads"],
        summary: "Local storage's upload target: multipart with the presigned fields, then `file` (204, as S3 answers)",
        params,
        consumes: ["multipart/form-data"],
        response: { 204: z.null().describe("Stored"), 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      if (!(storage instanceof LocalStorage)) return sendError(reply, 404, "not_found", t("uploads.not_found"));
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (typeof part.value === "string") fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== "file") {
            part.file.resume();
            continue;
          }
          // S3 ignores fields after the file; so do we: the file ends the form.
          try {
            await receiveUpload(app.db, storage, request.params.id, fields, part.file, { maxBytes: app.config.uploads.maxBytes });
          } finally {
            part.file.resume();
          }
          return reply.status(204).send(null);
        }
      } catch (error) {
        if (error instanceof UploadRefused) {
          // The rest of a refused body may still be on its way and is never read: closing the
          // connection ends it, where keep-alive would leave the socket waiting (and shutdown too).
          reply.header("connection", "close");
          return sendError(reply, error.status, `upload_${error.code}`, error.message);
        }
        throw error;
      }
      return sendError(reply, 400, "upload_file_missing", t("uploads.file_missing"));
    },
  );

  app.get(
    "/field_uploads/:id",
    {
      // Its owner or an operator; anyone else gets 404.
      config: { access: { kind: "owner", ids: [{ in: "params", name: "id", resource: "field_upload" }] } },
      schema: {
        tags: ["field_uploads"],
        summary: "The uploaded file, for its owner or an operator (anyone else: 404)",
        params,
        response: { 200: z.any().describe("The file, with its content type"), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const row = await readableUpload(app.db, storage, callerOf(request), request.params.id);
      if (!row) return sendError(reply, 404, "upload_not_found", t("uploads.not_found"));
      const file = await storage.read(row.objectKey, row.mimeType);
      reply.header("cache-control", "private, no-store");
      if ("redirect" in file) return reply.redirect(file.redirect, 302);
      return reply
        .type(row.mimeType)
        .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
        .send(file.stream);
    },
  );
};
