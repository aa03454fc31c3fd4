/** Spec section 3 "Uploaded file value": a JSON string {id, storage, metadata{size, filename, mime_type}}. */
export type UploadedFile = {
  id: string;
  storage: "local" | "s3";
  metadata: { size: number; filename: string; mime_type: string };
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The stored file value, or null when the string is not JSON of that shape. Only the shape:
 * whether the file exists and belongs to the customer is the server's check.
 */
export function parseUploadedFile(value: string): UploadedFile | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.metadata)) return null;
  const { id, storage, metadata } = parsed;
  const { size, filename, mime_type: mimeType } = metadata;
  if (typeof id !== "string" || id.trim() === "") return null;
  if (storage !== "local" && storage !== "s3") return null;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) return null;
  if (typeof filename !== "string" || filename.trim() === "") return null;
  if (typeof mimeType !== "string" || !/^[\w.+-]+\/[\w.+-]+$/.test(mimeType)) return null;
  return { id, storage, metadata: { size, filename, mime_type: mimeType } };
}
