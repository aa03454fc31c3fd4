import { createHmac, timingSafeEqual } from "node:crypto";

/** The hex HMAC-SHA256 of a notification's raw body with the shared secret (what the gateway sends). */
export function signNotification(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Whether `signature` (hex) signs `rawBody`, compared in constant time; false when missing or malformed. */
export function validSignature(rawBody: Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signNotification(rawBody, secret), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
