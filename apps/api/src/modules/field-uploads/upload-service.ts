import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { UPLOAD_MIME_TYPES, uploadedFileValue, type PresignedUpload, type PresignUploadRequest } from "@pinjaman/contracts/uploads";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { FileStorage } from "../../integrations/storage/file-storage.ts";
import type { LocalStorage } from "../../integrations/storage/local.ts";
import type { Caller } from "../../plugins/auth.ts";
import { FieldErrors } from "../../plugins/errors.ts";
import { progressReachableBy } from "../flows/progress-access.ts";
import { hasStaffPermission } from "../staff/staff-roles.ts";
import { FileContentMismatch, FileTooLarge, fileGuard } from "./file-signature.ts";
import "@pinjaman/i18n/ns/uploads";

/** How long a presigned form stays usable. */
export const POLICY_MINUTES = 15;

export type UploadRow = typeof schema.fieldUploads.$inferSelect;

/** "10 MB", "512 KB", "300 byte": the limit as the messages show it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} byte`;
}

/**
 * Spec section 3 presign: checks type and size, records the upload as presigned and returns the
 * storage's form. The policy allows exactly the declared size at most.
 */
export async function presignUpload(
  db: Db,
  storage: FileStorage,
  caller: { customerId: string },
  input: PresignUploadRequest["data"],
  limits: { maxBytes: number },
  now = new Date(),
): Promise<PresignedUpload> {
  const fields: Record<string, string[]> = {};
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(input.content_type)) fields.content_type = [t("uploads.type_not_allowed")];
  if (input.size < 1) fields.size = [t("uploads.empty")];
  else if (input.size > limits.maxBytes) fields.size = [t("uploads.too_big", { max: formatBytes(limits.maxBytes) })];
  if (input.flow_progress_id) {
    const [progress] = await db
      .select({ customerId: schema.flowProgresses.customerId })
      .from(schema.flowProgresses)
      .where(eq(schema.flowProgresses.id, input.flow_progress_id));
    // Another customer's progress looks the same as a missing one.
    if (!progress || !progressReachableBy(progress, caller.customerId)) {
      fields.flow_progress_id = [t("uploads.progress_not_found")];
    }
  }
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields, 422);

  const id = randomUUID();
  const key = `field_uploads/${id}`;
  const expiresAt = new Date(now.getTime() + POLICY_MINUTES * 60_000);
  const form = storage.presign({ id, key, contentType: input.content_type, maxBytes: input.size, expiresAt }, now);
  await db.insert(schema.fieldUploads).values({
    id,
    customerId: caller.customerId,
    flowProgressId: input.flow_progress_id ?? null,
    storage: storage.kind,
    objectKey: key,
    filename: input.filename,
    mimeType: input.content_type,
    size: input.size,
    status: "presigned",
    policyExpiresAt: expiresAt,
    createdAt: now,
  });
  return { ...form, id, storage: storage.kind };
}

/** A refused upload: the status and the catalogue message the route answers with. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const refused = (status: number, code: string, vars?: Record<string, string>) => new UploadRefused(status, code, t(`uploads.${code}`, vars));

/**
 * The local adapter's upload: the form's fields (everything before the file) must carry our
 * signed, unexpired policy for this very upload and type; the file must start like its type and
 * stay within the policy's size. Returns the stored size.
 */
export async function receiveUpload(
  db: Db,
  storage: LocalStorage,
  id: string,
  fields: Record<string, string>,
  file: Readable & { truncated?: boolean },
  limits: { maxBytes: number },
  now = new Date(),
): Promise<number> {
  const [row] = await db.select().from(schema.fieldUploads).where(eq(schema.fieldUploads.id, id));
  if (!row || row.storage !== "local") throw refused(404, "not_found");
  const policy = storage.verify(fields);
  if (!policy || policy.key !== row.objectKey || fields.key !== policy.key) throw refused(403, "policy_invalid");
  if (Date.parse(policy.expires) <= now.getTime() || row.policyExpiresAt.getTime() <= now.getTime()) throw refused(403, "policy_expired");
  if (fields["Content-Type"] !== policy.content_type || policy.content_type !== row.mimeType) throw refused(403, "type_mismatch");
  if (row.status === "uploaded") throw refused(409, "already_uploaded");

  const maxBytes = Math.min(policy.max_size, limits.maxBytes);
  let size: number;
  try {
    size = await storage.write(row.objectKey, file, fileGuard(policy.content_type, maxBytes, () => file.truncated === true));
  } catch (error) {
    if (error instanceof FileTooLarge || (error as { statusCode?: number }).statusCode === 413) {
      throw refused(413, "file_too_large", { max: formatBytes(maxBytes) });
    }
    if (error instanceof FileContentMismatch) throw refused(422, "content_mismatch");
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw refused(409, "already_uploaded");
    throw error;
  }
  const updated = await db
    .update(schema.fieldUploads)
    .set({ status: "uploaded", size, uploadedAt: now })
    .where(and(eq(schema.fieldUploads.id, id), eq(schema.fieldUploads.status, "presigned")))
    .returning({ id: schema.fieldUploads.id });
  if (updated.length === 0) throw refused(409, "already_uploaded");
  return size;
}

/**
 * S3 uploads go straight to the bucket, so a presigned row learns of its object when someone
 * needs it: the bucket is asked, and the row marked uploaded when the object is there.
 */
export async function confirmUploaded(db: Db, storage: FileStorage | undefined, row: UploadRow, now = new Date()): Promise<UploadRow> {
  if (row.status === "uploaded" || row.storage !== "s3" || storage?.kind !== "s3") return row;
  if (!(await storage.exists(row.objectKey))) return row;
  const [updated] = await db
    .update(schema.fieldUploads)
    .set({ status: "uploaded", uploadedAt: now })
    .where(eq(schema.fieldUploads.id, row.id))
    .returning();
  return updated ?? row;
}

/** The uploaded file when the caller may read it (its owner or staff allowed to see personal data); null otherwise. */
export async function readableUpload(db: Db, storage: FileStorage, caller: Caller, id: string): Promise<UploadRow | null> {
  const [found] = await db.select().from(schema.fieldUploads).where(eq(schema.fieldUploads.id, id));
  if (!found) return null;
  if (found.customerId !== caller.customerId && !(await hasStaffPermission(db, caller, "customers.personal_data"))) return null;
  const row = await confirmUploaded(db, storage, found);
  return row.status === "uploaded" ? row : null;
}

export type UploadedFileCheck = {
  /** The customer filling the flow; null for an anonymous public flow (then flowProgressId). */
  customerId: string | null;
  /** The progress the value is submitted to: owns the uploads an anonymous visitor made in it. */
  flowProgressId?: string;
  /** Types the field accepts: "image/png", "image/*" or ".pdf"; unset or empty: any allowed type. */
  accept?: readonly string[];
  /** Lets an S3 upload, which bypasses the API, be confirmed with the bucket. */
  storage?: FileStorage;
};

const EXTENSION_TYPES: Record<string, string[]> = {
  ".jpg": ["image/jpeg"],
  ".jpeg": ["image/jpeg"],
  ".png": ["image/png"],
  ".pdf": ["application/pdf"],
};

function accepts(accept: readonly string[], mimeType: string): boolean {
  return accept.some((entry) => {
    const a = entry.trim().toLowerCase();
    if (a.startsWith(".")) return EXTENSION_TYPES[a]?.includes(mimeType) ?? false;
    if (a.endsWith("/*")) return mimeType.startsWith(a.slice(0, -1));
    return a === mimeType;
  });
}

function parse(value: unknown): z.infer<typeof uploadedFileValue> | null {
  let data = value;
  if (typeof value === "string") {
    try {
      data = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const parsed = uploadedFileValue.safeParse(data);
  return parsed.success && z.uuid().safeParse(parsed.data.id).success ? parsed.data : null;
}

/**
 * The flow engine's check of a file field's value (spec section 3 "Uploaded file value"): the
 * upload must exist, belong to whoever fills the flow, be uploaded and have an accepted type.
 * Returns the field's messages; empty when the value is fine.
 */
export async function checkUploadedFileValue(db: Db, value: unknown, options: UploadedFileCheck): Promise<string[]> {
  const parsed = parse(value);
  if (!parsed) return [t("uploads.value.invalid")];
  const [found] = await db.select().from(schema.fieldUploads).where(eq(schema.fieldUploads.id, parsed.id));
  if (!found || found.storage !== parsed.storage) return [t("uploads.value.unknown")];
  const owned =
    found.customerId !== null
      ? found.customerId === options.customerId
      : options.flowProgressId !== undefined && found.flowProgressId === options.flowProgressId;
  if (!owned) return [t("uploads.value.not_yours")];
  const row = await confirmUploaded(db, options.storage, found);
  if (row.status !== "uploaded") return [t("uploads.value.not_uploaded")];
  if (options.accept && options.accept.length > 0 && !accepts(options.accept, row.mimeType)) {
    return [t("uploads.value.type_not_accepted", { types: options.accept.join(", ") })];
  }
  return [];
}
