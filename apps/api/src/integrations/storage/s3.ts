import type { Readable } from "node:stream";
import type { FileStorage, PresignedForm, UploadPolicyInput } from "./file-storage.ts";
import { postPolicyFields, presignUrl, type Credentials } from "./sigv4.ts";

export type S3Options = Credentials & {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …) addressed path-style; unset: AWS, virtual-hosted. */
  endpoint?: string;
};

/** How long a redirect to read a file stays usable: the owner's browser follows it at once. */
const READ_URL_SECONDS = 300;

/**
 * S3 or S3-compatible storage. The browser posts straight to the bucket with a SigV4 POST policy;
 * the bucket enforces key, type and size, and answers 204. Reads redirect to a presigned url;
 * HEAD and DELETE go through presigned urls too.
 */
export class S3Storage implements FileStorage {
  readonly kind = "s3";

  constructor(
    private readonly options: S3Options,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  /** The bucket's url, ending with "/": path-style on a custom endpoint, virtual-hosted on AWS. */
  bucketUrl(): string {
    const { endpoint, bucket, region } = this.options;
    return endpoint ? `${endpoint.replace(/\/+$/, "")}/${bucket}/` : `https://${bucket}.s3.${region}.amazonaws.com/`;
  }

  presign(input: UploadPolicyInput, now = new Date()): PresignedForm {
    const fields = postPolicyFields(this.options, {
      bucket: this.options.bucket,
      key: input.key,
      contentType: input.contentType,
      minBytes: 1,
      maxBytes: input.maxBytes,
      expiresAt: input.expiresAt,
      now,
    });
    return { url: this.bucketUrl(), method: "POST", fields };
  }

  objectUrl(key: string, method: "GET" | "HEAD" | "DELETE", now = new Date()): string {
    return presignUrl(this.options, method, new URL(key, this.bucketUrl()), now, READ_URL_SECONDS);
  }

  async read(key: string): Promise<{ redirect: string } | { stream: Readable }> {
    return { redirect: this.objectUrl(key, "GET") };
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.fetcher(this.objectUrl(key, "HEAD"), { method: "HEAD" });
    if (response.status === 404 || response.status === 403) return false;
    if (!response.ok) throw new Error(`S3 HEAD ${key} answered ${response.status}`);
    return true;
  }

  /**
   * S3 DeleteObject through a presigned DELETE (the same SigV4 signing as reads). S3 answers 204
   * whether or not the object existed; an S3-compatible store answering 404 is fine too.
   */
  async remove(key: string): Promise<void> {
    const response = await this.fetcher(this.objectUrl(key, "DELETE"), { method: "DELETE" });
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`);
  }
}
