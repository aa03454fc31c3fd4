import { ConfigError, type Config } from "../../config.ts";
import type { FileStorage } from "./file-storage.ts";
import { LocalStorage } from "./local.ts";
import { S3Storage } from "./s3.ts";

/** The storage adapter of this configuration; a local store without a secret refuses to start. */
export function selectStorage(config: Pick<Config, "uploads">): FileStorage {
  const { uploads } = config;
  if (uploads.storage === "s3") {
    const { endpoint, bucket, region, accessKeyId, secretAccessKey } = uploads.s3;
    // loadConfig already refused s3 without these; the check narrows the types.
    if (!bucket || !accessKeyId || !secretAccessKey) throw new ConfigError("Invalid configuration:\n  STORAGE: s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    return new S3Storage({ endpoint, bucket, region, accessKeyId, secretAccessKey });
  }
  if (!uploads.secret) {
    throw new ConfigError("Invalid configuration:\n  UPLOAD_SECRET: UPLOAD_SECRET is required when SANDBOX is off and STORAGE is local");
  }
  return new LocalStorage(uploads.dir, uploads.secret);
}
