import type { Readable } from "node:stream";

/** What a presigned form may accept: one object, one type, a size range, until a moment. */
export type UploadPolicyInput = {
  /** The object's key in storage (field_uploads.object_key). */
  key: string;
  /** The upload's id: the local adapter's target url carries it. */
  id: string;
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
};

/** Spec section 3 "Presign response" without id and storage: where and how the browser posts. */
export type PresignedForm = { url: string; method: "POST"; fields: Record<string, string> };

/** Where field uploads live. The browser posts straight to `presign`'s url; the API never relays S3 uploads. */
export interface FileStorage {
  readonly kind: "local" | "s3";
  presign(input: UploadPolicyInput, now?: Date): PresignedForm;
  /** How the owner gets the bytes: a stream to relay, or a short-lived url to redirect to. */
  read(key: string, contentType: string): Promise<{ stream: Readable } | { redirect: string }>;
  /** Whether the object exists: S3 uploads bypass the API, so the row learns of them here. */
  exists(key: string): Promise<boolean>;
  /** Removes the object (a personal data deletion); absent objects are fine. */
  remove(key: string): Promise<void>;
}
