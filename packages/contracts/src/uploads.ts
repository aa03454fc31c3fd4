import { z } from "zod";

/** Types a field upload may have (KTP photo, selfie, documents). */
export const UPLOAD_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
/** The largest file a field upload may have: 10 MiB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** POST app_api/v1/field_uploads/presign_upload (spec section 3 "Presign request"). */
export const presignUploadRequest = z.object({
  data: z.object({
    filename: z.string().trim().min(1).max(200),
    content_type: z.string().min(1).max(100),
    size: z.number().int(),
    /** The progress the file is for; links the upload to a public flow's holder. */
    flow_progress_id: z.uuid().optional(),
  }),
});
export type PresignUploadRequest = z.infer<typeof presignUploadRequest>;

/** Spec section 3 "Presign response": post multipart to url with fields plus the file (last). */
export const presignedUpload = z.object({
  url: z.string(),
  method: z.string(),
  fields: z.record(z.string(), z.string()),
  id: z.string(),
  storage: z.enum(["local", "s3"]),
});
export type PresignedUpload = z.infer<typeof presignedUpload>;
export const presignUploadResponse = z.object({ data: presignedUpload });

/** Spec section 3 "Uploaded file value": what a file field stores, as a JSON string. */
export const uploadedFileValue = z.object({
  id: z.string(),
  storage: z.enum(["local", "s3"]),
  metadata: z.object({ size: z.number().int(), filename: z.string(), mime_type: z.string() }),
});
export type UploadedFileValue = z.infer<typeof uploadedFileValue>;

/** The site's presign call, given to file fields; a field without one fails 'onFilePresign not configured!'. */
export type PresignHandler = (file: PresignUploadRequest["data"]) => Promise<PresignedUpload>;
