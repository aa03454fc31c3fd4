import multipart from "@fastify/multipart";
import { errorBody } from "@pinjaman/contracts/errors";
import { t } from "@pinjaman/i18n";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FieldErrors, sendError } from "../../plugins/errors.ts";
import { openFlowProgress } from "./flow-progress-lookup.ts";
import { VOICE_MAX_BYTES, type VoiceAdapter } from "./voice-adapter.ts";
import "@pinjaman/i18n/ns/media_fields";

export const voiceRecordingResponse = z.object({ id: z.string() });

export type VoiceRoutesOptions = { adapter?: VoiceAdapter };

/** Form fields beyond the file and the progress id are refused rather than read. */
const MAX_FIELDS = 4;

/**
 * POST pub_api/v1/open/integrations/voice/recordings (spec section 7 "voice-recording upload"):
 * multipart {file, flow_progress_id} → {id}. Public like the flow it serves (an anonymous
 * visitor may hold the progress), but a signed-in customer's progress is served to them only.
 * Multipart is registered in this plugin's own scope, so the uploads module can register its own
 * with other limits.
 */
export const voiceRoutes: FastifyPluginAsyncZod<VoiceRoutesOptions> = async (app, options) => {
  const adapter = options.adapter ?? app.voice;
  await app.register(multipart, {
    // The limit is the adapter's: busboy stops reading at it, so a huge body is never buffered.
    limits: { fileSize: VOICE_MAX_BYTES, files: 1, fields: MAX_FIELDS, fieldSize: 200, parts: MAX_FIELDS + 1 },
    throwFileSizeLimit: true,
  });

  app.post(
    "/integrations/voice/recordings",
    {
      config: { access: { kind: "public_or_owner", ids: [{ in: "body", name: "flow_progress_id", resource: "flow_progress" }] } },
      schema: {
        tags: ["integrations"],
        summary: "Store a voice recording of a flow progress with the voice provider (multipart: file, flow_progress_id)",
        consumes: ["multipart/form-data"],
        response: { 201: voiceRecordingResponse, 400: errorBody, 404: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return sendError(reply, 415, "unsupported_media_type", t("media_fields.api.multipart_required"));
      let flowProgressId = "";
      let file: { filename: string; mimeType: string; bytes: Buffer } | null = null;
      const fields: Record<string, string[]> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === "file") {
            if (part.fieldname !== "file" || !part.mimetype.startsWith("audio/")) {
              // Drain it: busboy waits for every part to be consumed before ending.
              part.file.resume();
              if (part.fieldname === "file") fields.file = [t("media_fields.api.audio_type")];
              continue;
            }
            file = { filename: part.filename || "recording", mimeType: part.mimetype, bytes: await part.toBuffer() };
          } else if (part.fieldname === "flow_progress_id" && typeof part.value === "string") {
            flowProgressId = part.value.trim();
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          return sendError(reply, 413, "payload_too_large", t("media_fields.api.audio_too_large"), { file: [t("media_fields.api.audio_too_large")] });
        }
        throw error;
      }
      if (!fields.file && (!file || file.bytes.length === 0)) fields.file = [t("media_fields.api.audio_required")];
      if (flowProgressId === "") fields.flow_progress_id = [t("media_fields.api.flow_progress_required")];
      if (Object.keys(fields).length > 0 || !file) throw new FieldErrors(fields);

      const progress = await openFlowProgress(app.db, flowProgressId, request.caller?.customerId ?? null);
      if (!progress) return sendError(reply, 404, "flow_progress_not_found", t("media_fields.api.flow_progress_not_found"));
      const stored = await adapter.store({ flowProgressId: progress.id, ...file });
      return reply.status(201).send({ id: stored.id });
    },
  );
};
