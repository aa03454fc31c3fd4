import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 with node:crypto only: the signing key chain, the browser POST policy
 * and presigned (query-string) urls. Enough for S3 and S3-compatible stores; no SDK.
 */

export type Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

const hmac = (key: Buffer | string, data: string): Buffer => createHmac("sha256", key).update(data, "utf8").digest();
const sha256Hex = (data: string): string => createHash("sha256").update(data, "utf8").digest("hex");

/** 20130524T000000Z */
export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"). */
export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), "aws4_request");
}

function scope(date: string, region: string): string {
  return `${date}/${region}/s3/aws4_request`;
}

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export type PostPolicyInput = {
  bucket: string;
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
  expiresAt: Date;
  now: Date;
};

/**
 * The form fields of a browser-based POST upload: a policy S3 enforces itself (exact key, exact
 * Content-Type, content-length-range, expiration) and its signature.
 */
export function postPolicyFields(credentials: Credentials, input: PostPolicyInput): Record<string, string> {
  const date = amzDate(input.now);
  const credential = `${credentials.accessKeyId}/${scope(date.slice(0, 8), credentials.region)}`;
  const policy = Buffer.from(
    JSON.stringify({
      expiration: input.expiresAt.toISOString(),
      conditions: [
        { bucket: input.bucket },
        ["eq", "$key", input.key],
        ["eq", "$Content-Type", input.contentType],
        ["content-length-range", input.minBytes, input.maxBytes],
        { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
        { "x-amz-credential": credential },
        { "x-amz-date": date },
      ],
    }),
  ).toString("base64");
  const signature = hmac(signingKey(credentials.secretAccessKey, date.slice(0, 8), credentials.region, "s3"), policy).toString("hex");
  return {
    key: input.key,
    "Content-Type": input.contentType,
    policy,
    "x-amz-algorithm": "AWS4-HMAC-SHA256",
    "x-amz-credential": credential,
    "x-amz-date": date,
    "x-amz-signature": signature,
  };
}

/** A presigned url for `method` on `url` (the object's url), valid `expiresSeconds` from `now`. */
export function presignUrl(credentials: Credentials, method: string, url: URL, now: Date, expiresSeconds: number): string {
  const date = amzDate(now);
  const query: [string, string][] = [
    ["X-Amz-Algorithm", "AWS4-HMAC-SHA256"],
    ["X-Amz-Credential", `${credentials.accessKeyId}/${scope(date.slice(0, 8), credentials.region)}`],
    ["X-Amz-Date", date],
    ["X-Amz-Expires", String(expiresSeconds)],
    ["X-Amz-SignedHeaders", "host"],
  ];
  const canonicalQuery = query
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join("&");
  const canonicalPath = url.pathname
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalRequest = [method, canonicalPath, canonicalQuery, `host:${url.host}`, "", "host", "UNSIGNED-PAYLOAD"].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope(date.slice(0, 8), credentials.region), sha256Hex(canonicalRequest)].join("\n");
  const signature = hmac(signingKey(credentials.secretAccessKey, date.slice(0, 8), credentials.region, "s3"), stringToSign).toString("hex");
  return `${url.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
