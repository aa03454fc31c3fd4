import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, open, rm, stat, unlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStorage, PresignedForm, UploadPolicyInput } from "./file-storage.ts";
import { encodePolicy, signPolicy, verifyPolicy, type LocalPolicy } from "./upload-policy.ts";

/** The API's own upload target for the local adapter (modules/field-uploads/routes.ts). */
export function localUploadUrl(id: string): string {
  return `/app_api/v1/field_uploads/${id}/content`;
}

/**
 * Files on the API's disk under `dir`. The presigned form posts back to the API with a policy
 * signed by `secret`, shaped like S3's form (key, Content-Type, policy, signature) so the site
 * posts both the same way.
 */
export class LocalStorage implements FileStorage {
  readonly kind = "local";
  private readonly dir: string;

  constructor(
    dir: string,
    private readonly secret: string,
  ) {
    this.dir = resolve(dir);
  }

  presign(input: UploadPolicyInput): PresignedForm {
    const policy = encodePolicy({
      key: input.key,
      content_type: input.contentType,
      max_size: input.maxBytes,
      expires: input.expiresAt.toISOString(),
    });
    return {
      url: localUploadUrl(input.id),
      method: "POST",
      fields: { key: input.key, "Content-Type": input.contentType, policy, signature: signPolicy(policy, this.secret) },
    };
  }

  /** The signed policy of a posted form, or null when the signature is not ours. */
  verify(fields: Record<string, string>): LocalPolicy | null {
    return verifyPolicy(fields.policy, fields.signature, this.secret);
  }

  /**
   * Writes the stream to a temporary file, then links it into place: a reader never sees half a
   * file, a failed or refused upload leaves nothing, and an existing object is never replaced
   * (link fails with EEXIST where rename would overwrite). `through` checks the bytes on the way
   * (size, type); its error aborts the write.
   */
  async write(key: string, source: Readable, through?: Transform): Promise<number> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.tmp-${randomUUID()}`);
    // Created before any byte flows: a stream that opened its file lazily could create it after
    // a refused upload's clean-up had run, and leave it behind.
    const file = (await open(temp, "wx")).createWriteStream();
    try {
      await (through ? pipeline(source, through, file) : pipeline(source, file));
      await link(temp, target);
      return (await stat(target)).size;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  async read(key: string): Promise<{ stream: Readable }> {
    return { stream: createReadStream(this.path(key)) };
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  /** Keys are made by the service (field_uploads/<uuid>); the check keeps any other out of `dir`. */
  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  path(key: string): string {
    const path = resolve(this.dir, key);
    if (!path.startsWith(`${this.dir}/`)) throw new Error(`object key outside the upload directory: ${key}`);
    return path;
  }
}
