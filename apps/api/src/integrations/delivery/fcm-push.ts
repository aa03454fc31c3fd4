import { createSign } from "node:crypto";
import { PROVIDER_TIMEOUT_MS, permanentHttpStatus, shortError, type PushTransport, type SendResult } from "./transports.ts";

/** The fields of a Firebase service account's JSON key that the adapter uses. */
export type FcmServiceAccount = { project_id: string; client_email: string; private_key: string; token_uri: string };

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";

/** Reads a service account key; a missing field is named (the server refuses to start with it). */
export function parseServiceAccount(json: string): FcmServiceAccount | string {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return "is not JSON (download the key from Firebase console → Project settings → Service accounts)";
  }
  const missing = ["project_id", "client_email", "private_key"].filter((k) => typeof parsed[k] !== "string" || parsed[k] === "");
  if (missing.length > 0) return `has no ${missing.join(", ")}`;
  return {
    project_id: parsed.project_id as string,
    client_email: parsed.client_email as string,
    private_key: parsed.private_key as string,
    token_uri: typeof parsed.token_uri === "string" ? parsed.token_uri : "https://oauth2.googleapis.com/token",
  };
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

/** The service account's signed assertion (RFC 7523) exchanged for an OAuth 2 access token. */
function assertion(account: FcmServiceAccount, now: number): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const iat = Math.floor(now / 1000);
  const claims = base64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: account.token_uri, iat, exp: iat + 3600 }));
  const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

/**
 * Push through Firebase Cloud Messaging HTTP v1, to the devices' `firebase` tokens (spec section
 * 3): an access token from the service account (cached until a minute before it expires), then
 *
 *   POST {FCM_ENDPOINT}/v1/projects/{project_id}/messages:send
 *   Authorization: Bearer {access token}
 *   {"message":{"token":"…","notification":{"title":"…","body":"…"},"data":{…}}}
 *
 * answered 200 {"name":"projects/{project_id}/messages/{id}"}. 404 (UNREGISTERED) and 400
 * (INVALID_ARGUMENT) are final; 401 drops the cached token; 429 and 5xx are retried.
 */
export function fcmPush(account: FcmServiceAccount, endpoint: string): PushTransport {
  let cached: { token: string; until: number } | null = null;
  const sendUrl = new URL(`/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`, endpoint).toString();

  async function accessToken(): Promise<string> {
    const now = Date.now();
    if (cached && cached.until > now) return cached.token;
    const response = await fetch(account.token_uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: assertion(account, now) }).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string; error?: string };
    if (!response.ok || !answer.access_token) throw new Error(`OAuth token refused (HTTP ${response.status}): ${answer.error_description ?? answer.error ?? ""}`);
    cached = { token: answer.access_token, until: now + Math.max(0, (answer.expires_in ?? 3600) - 60) * 1000 };
    return cached.token;
  }

  return {
    provider: "fcm",
    async send(push): Promise<SendResult> {
      let response: Response;
      try {
        const token = await accessToken();
        response = await fetch(sendUrl, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            message: { token: push.token, notification: { title: push.title, body: push.body }, ...(push.data ? { data: push.data } : {}) },
          }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        return { ok: false, retryable: true, error: shortError(`FCM unreachable: ${(error as Error).message}`) };
      }
      const answer = (await response.json().catch(() => ({}))) as {
        name?: string;
        error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
      };
      if (!response.ok) {
        if (response.status === 401) cached = null;
        const code = answer.error?.details?.find((d) => d.errorCode)?.errorCode ?? answer.error?.status ?? "";
        return { ok: false, retryable: !permanentHttpStatus(response.status), error: shortError(`FCM HTTP ${response.status} ${code}: ${answer.error?.message ?? ""}`) };
      }
      if (!answer.name) return { ok: false, retryable: true, error: "FCM answered without a message name" };
      return { ok: true, providerMessageId: answer.name };
    },
  };
}
