import { createHmac, timingSafeEqual } from "node:crypto";

/** The local adapter's policy: what the signature covers (brief: key, type, max size, expiry). */
export type LocalPolicy = { key: string; content_type: string; max_size: number; expires: string };

export function encodePolicy(policy: LocalPolicy): string {
  return Buffer.from(JSON.stringify(policy)).toString("base64url");
}

export function signPolicy(encoded: string, secret: string): string {
  return createHmac("sha256", secret).update(encoded).digest("hex");
}

/**
 * The policy a form carries when its signature is ours, else null. The signature is checked
 * before the policy is even decoded, so a tampered field never reaches the parser.
 */
export function verifyPolicy(encoded: string | undefined, signature: string | undefined, secret: string): LocalPolicy | null {
  if (!encoded || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const expected = Buffer.from(signPolicy(encoded, secret), "hex");
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) return null;
  try {
    const value = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Partial<LocalPolicy>;
    const valid =
      typeof value.key === "string" &&
      typeof value.content_type === "string" &&
      Number.isSafeInteger(value.max_size) &&
      typeof value.expires === "string" &&
      !Number.isNaN(Date.parse(value.expires));
    return valid ? (value as LocalPolicy) : null;
  } catch {
    return null;
  }
}
