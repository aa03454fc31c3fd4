import { UPLOAD_MAX_BYTES } from "@pinjaman/contracts/uploads";
import fc from "fast-check";
import { pathsOf, sampleOf, withValueAt, type Operation } from "./openapi-operations.ts";

/** One generated request, replayable from its description alone. */
export type SweepRequest = {
  method: string;
  /** Raw request target (already percent-encoded, possibly badly on purpose). */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The operation as the document names it: "PATCH /app_api/v1/flow_progresses/{id}". */
  operation: string;
  /** Who calls: "anonymous" or a sandbox account. */
  caller: string;
  /** What was bent, for the report. */
  bend: string;
};

export type Caller = { name: string; headers: Record<string, string>; cookie?: string; roleIds: string[] };

export type SweepContext = {
  callers: Caller[];
  /** Real values per path parameter name (flow keys, product keys, ids of stored rows). */
  pathValues: Record<string, string[]>;
};

const MEGABYTE = 1024 * 1024;
const ONE_MB = "x".repeat(MEGABYTE);
/** Just under the body limit once wrapped in JSON, so it reaches validation. */
const NEAR_MB = "y".repeat(1_000_000);

/** Strings that must never reach the database unrefused, or break a parser. */
const badText = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "\u0000".repeat(50), "sweep\u0000@pinjaman.test"),
  fc.constantFrom("\uD800", "x\uDFFFy", "\uDC00\uD800", "\uDBFF", "ok\uD83D"),
  fc.string({ unit: "binary", maxLength: 12 }).map((s) => `${s}\u0000`),
  fc.constantFrom("", " ", "\t\n", "' OR 1=1 --", "<script>alert(1)</script>", "../../etc/passwd", "%00", "{{7*7}}", "🙂".repeat(40), "\u202Eabc"),
  fc.constantFrom(NEAR_MB, ONE_MB),
);

const badNumber = fc.constantFrom(-1, -0, 0, 0.5, -1.5, 1e-7, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 1.2345678901234568e29);

const wrongType = fc.oneof(
  badNumber,
  fc.constantFrom<unknown>(true, false, null, [], {}, [1, 2], { $gt: "" }, "1", "true", "null", [["x"]], { data: {} }),
  badText,
);

const malformedId = fc.constantFrom(
  "0",
  "-1",
  "1.5",
  "null",
  "undefined",
  "not-a-uuid",
  "00000000-0000-0000-0000-00000000000g",
  "00000000000040008000000000000000",
  "%00",
  "a%00b",
  "%20",
  "..%2F..%2Fetc",
  "%27%20OR%201%3D1",
  "x".repeat(3000),
  "99999999999999999999999",
);

/** Broken percent-encoding: not hex, cut short, invalid or overlong UTF-8, an encoded lone surrogate. */
const badPercent = fc.constantFrom("%", "%zz", "%E0%A4%A", "%ED%A0%80", "%C0%AF", "%FF", "%%", "%u0041", "%F4%90%80%80");

/** Percent-encodes text for a path or query, writing a lone surrogate as its (invalid) WTF-8 bytes. */
export function encodeText(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

type BodyChoice = { bend: string; value?: unknown; raw?: string };

function bodyChoices(op: Operation): fc.Arbitrary<BodyChoice> {
  const base = sampleOf(op.body ?? undefined);
  const paths = pathsOf(base);
  const at = paths.length > 0 ? fc.constantFrom(...paths) : fc.constant([] as (string | number)[]);
  const show = (p: (string | number)[]) => p.join(".") || "(root)";
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyChoice>({ bend: "sample body", value: base }) },
    { weight: 6, arbitrary: fc.tuple(at, badText).map(([p, v]) => ({ bend: `bad text at ${show(p)}`, value: withValueAt(base, p, v) })) },
    { weight: 4, arbitrary: fc.tuple(at, wrongType).map(([p, v]) => ({ bend: `wrong type at ${show(p)}`, value: withValueAt(base, p, v) })) },
    { weight: 2, arbitrary: fc.tuple(at, badNumber).map(([p, v]) => ({ bend: `bad number at ${show(p)}`, value: withValueAt(base, p, v) })) },
    { weight: 2, arbitrary: at.map((p) => ({ bend: `missing ${show(p)}`, value: withValueAt(base, p, undefined, true) })) },
    {
      weight: 2,
      arbitrary: fc.tuple(at, fc.constantFrom("extra", "__proto__", "constructor", "customer_id", "id"), wrongType).map(([p, key, v]) => {
        const parent = p.slice(0, -1);
        return { bend: `extra field ${key} beside ${show(p)}`, value: withValueAt(base, [...parent, key], v) };
      }),
    },
    { weight: 1, arbitrary: wrongType.map((v) => ({ bend: "whole body of the wrong type", value: v })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(50, 5_000, 200_000).map((depth) => ({
        bend: `nested ${depth} deep`,
        raw: `{"data":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(64, 2_000).map((depth) => ({
        bend: `objects nested ${depth} deep`,
        raw: `${'{"data":'.repeat(depth)}1${"}".repeat(depth)}`,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.nat(), fc.constantFrom("", "{", '{"data":', "[", "nul", '{"data":{"a":1}}}', '{"data":1e999}', "\u0000", '{"a":"\\ud800"}', '"\\u0000"')).map(
        ([cut, tail]) => {
          const text = JSON.stringify(base) ?? "";
          return { bend: "broken JSON", raw: `${text.slice(0, cut % (text.length + 1))}${tail}` };
        },
      ),
    },
  );
}

const contentTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      "text/plain",
      "application/xml",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "multipart/form-data; boundary=sweep",
      "application/json; charset=latin1",
      "application/vnd.api+json",
      "application/octet-stream",
      "image/png",
      "text/json",
      "application/json, text/plain",
    ),
  },
);

const BOUNDARY = "sweepBoundary7";

function formPart(name: string, value: string, file?: { filename: string; type: string }, boundary = BOUNDARY): string {
  return `--${boundary}\r\ncontent-disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"` : ""}\r\n${file ? `content-type: ${file.type}\r\n` : ""}\r\n${value}\r\n`;
}

/** A well-formed form: one field and a file. */
const WELL_FORMED = `${formPart("flow_progress_id", "00000000-0000-4000-8000-000000000000")}${formPart("file", "\u0000\u0001binary", { filename: "a.ogg", type: "audio/ogg" })}--${BOUNDARY}--\r\n`;

/** A file over every upload limit (the field uploads' 10 MiB, the voice recordings' 2 MiB), made once. */
const OVERSIZED = Buffer.concat([
  Buffer.from(`${formPart("flow_progress_id", "00000000-0000-4000-8000-000000000000")}--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="big.ogg"\r\ncontent-type: audio/ogg\r\n\r\n`),
  Buffer.alloc(UPLOAD_MAX_BYTES + 64 * 1024, 7),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/** A multipart body for the upload targets: bad field values, odd parts, or none. */
function multipartChoices(): fc.Arbitrary<{ bend: string; contentType: string; payload: Buffer | string }> {
  return fc
    .tuple(
      fc.constantFrom("flow_progress_id", "key", "Content-Type", "policy", "x-amz-signature", "file", "\u0000", "a\u0000b", "é"),
      badText.filter((s) => s.length < 100_000),
      fc.constantFrom("audio/ogg", "image/png", "application/pdf", "text/plain", "\u0000/x"),
      fc.boolean(),
    )
    .map(([name, value, type, withFile]) => ({
      bend: `multipart field ${JSON.stringify(name)} bad text${withFile ? ", with file" : ""}`,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: Buffer.from(`${formPart(name, value)}${withFile ? formPart("file", "\u0000\u0001binary", { filename: `${value.slice(0, 40)}.bin`, type }) : ""}--${BOUNDARY}--\r\n`, "utf8"),
    }));
}

/**
 * A body that is not the form its content type claims (issue 17 item 6): no boundary, an empty,
 * over-long or mismatched one, a body or part cut short, no file part, a file over the limit, too
 * many parts, NUL in names and headers, or no form at all.
 */
function malformedMultipart(): fc.Arbitrary<{ bend: string; contentType: string; payload: Buffer | string }> {
  const form = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
  const fixed = fc.constantFrom(
    { bend: "multipart without a boundary, JSON body", contentType: "multipart/form-data", payload: "{}" },
    { bend: "multipart without a boundary", contentType: "multipart/form-data", payload: WELL_FORMED },
    { bend: "empty boundary", contentType: form(""), payload: WELL_FORMED },
    { bend: "quoted boundary never closed", contentType: 'multipart/form-data; boundary="sweep', payload: WELL_FORMED },
    { bend: "boundary over 256 characters", contentType: form("b".repeat(300)), payload: WELL_FORMED },
    { bend: "body with another boundary", contentType: form("otherBoundary"), payload: WELL_FORMED },
    { bend: "no parts, only the closing delimiter", contentType: form(BOUNDARY), payload: `--${BOUNDARY}--\r\n` },
    { bend: "preamble only", contentType: form(BOUNDARY), payload: "just some text" },
    { bend: "no file part", contentType: form(BOUNDARY), payload: `${formPart("flow_progress_id", "00000000-0000-4000-8000-000000000000")}--${BOUNDARY}--\r\n` },
    { bend: "part without content-disposition", contentType: form(BOUNDARY), payload: `--${BOUNDARY}\r\ncontent-type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--\r\n` },
    { bend: "part header without a colon", contentType: form(BOUNDARY), payload: `--${BOUNDARY}\r\ngarbage\r\n\r\nx\r\n--${BOUNDARY}--\r\n` },
    { bend: "NUL in a part header", contentType: form(BOUNDARY), payload: `--${BOUNDARY}\r\ncontent-disposition: form-data; name="fi\u0000le"; filename="a\u0000.ogg"\r\ncontent-type: audio/\u0000ogg\r\n\r\nx\r\n--${BOUNDARY}--\r\n` },
    { bend: "field named __proto__", contentType: form(BOUNDARY), payload: `${formPart("__proto__", "x")}--${BOUNDARY}--\r\n` },
    { bend: "a hundred parts", contentType: form(BOUNDARY), payload: `${Array.from({ length: 100 }, (_, i) => formPart(`f${i}`, "x")).join("")}--${BOUNDARY}--\r\n` },
    { bend: "two files", contentType: form(BOUNDARY), payload: `${formPart("file", "a", { filename: "a.ogg", type: "audio/ogg" })}${formPart("file", "b", { filename: "b.ogg", type: "audio/ogg" })}--${BOUNDARY}--\r\n` },
    { bend: "a field value of 1 MB", contentType: form(BOUNDARY), payload: `${formPart("flow_progress_id", ONE_MB)}--${BOUNDARY}--\r\n` },
    { bend: "a file over the upload limit", contentType: form(BOUNDARY), payload: OVERSIZED },
    { bend: "JSON content type for a field", contentType: form(BOUNDARY), payload: `--${BOUNDARY}\r\ncontent-disposition: form-data; name="flow_progress_id"\r\ncontent-type: application/json\r\n\r\n{"a":\r\n--${BOUNDARY}--\r\n` },
  );
  const truncated = fc.nat().map((cut) => ({
    bend: `form cut short at byte ${cut % WELL_FORMED.length}`,
    contentType: form(BOUNDARY),
    payload: WELL_FORMED.slice(0, cut % WELL_FORMED.length),
  }));
  return fc.oneof({ weight: 3, arbitrary: fixed }, { weight: 2, arbitrary: truncated });
}

/** Every generated bad request for one operation. */
export function badRequests(op: Operation, ctx: SweepContext): fc.Arbitrary<SweepRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(ctx.pathValues[name] ?? ["x"])).map(encodeURIComponent) },
      { weight: 3, arbitrary: badText.filter((s) => s.length < 5000).map(encodeText) },
      { weight: 2, arbitrary: malformedId },
      { weight: 1, arbitrary: badPercent },
    );
  const path = fc.tuple(...pathParams.map((p) => pathValue(p.name))).map((values) => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i] ?? "")));
    return url;
  });
  const queryValue = fc.oneof(
    fc.constant(undefined),
    fc.constant(String(sampleOf({ type: "string" }))),
    badText.filter((s) => s.length < 5000).map(encodeText),
    malformedId,
    badPercent,
    fc.constantFrom("1", "-1", "1e999", "[]", "a&b=c"),
  );
  const query = fc
    .tuple(fc.tuple(...queryParams.map(() => queryValue)), fc.option(fc.tuple(fc.constantFrom("extra", "key", "__proto__", "%00", "data[a]"), queryValue)))
    .map(([values, extra]) => {
      const pairs = queryParams.flatMap((p, i) => (values[i] === undefined ? [] : [`${p.name}=${values[i]}`]));
      if (extra && extra[1] !== undefined) pairs.push(`${extra[0]}=${extra[1]}`);
      return pairs.length > 0 ? `?${pairs.join("&")}` : "";
    });
  const caller = fc.constantFrom(...ctx.callers);
  const viaCookie = fc.boolean();
  const locale = fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
  const role = fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("own", "not-a-role", "00000000-0000-4000-8000-000000000000", "%00") });

  const payload: fc.Arbitrary<{ bend: string; contentType?: string; payload?: string | Buffer }> = op.multipart
    ? fc.oneof(
        { weight: 3, arbitrary: multipartChoices() },
        { weight: 3, arbitrary: malformedMultipart() },
        { weight: 1, arbitrary: bodyChoices(op).map((b) => ({ bend: `JSON to multipart: ${b.bend}`, contentType: "application/json", payload: b.raw ?? JSON.stringify(b.value ?? null) })) },
        { weight: 1, arbitrary: fc.constant({ bend: "no body" }) },
      )
    : op.body
      ? fc.tuple(bodyChoices(op), contentTypes).map(([b, type]) => ({
          bend: type === "application/json" ? b.bend : `${b.bend} as ${type || "no content type"}`,
          ...(type ? { contentType: type } : {}),
          payload: b.raw ?? JSON.stringify(b.value ?? null),
        }))
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant({ bend: "no body" }) },
          { weight: 1, arbitrary: fc.constantFrom("application/json", "text/plain", "application/xml").map((type) => ({ bend: `unexpected ${type} body`, contentType: type, payload: type === "application/json" ? '{"data":{"x":"\\u0000"}}' : "\u0000<x/>" })) },
        );

  const badUrl = fc.oneof({ weight: 9, arbitrary: fc.constant<string | null>(null) }, { weight: 1, arbitrary: badPercent });

  return fc.tuple(path, query, caller, viaCookie, locale, role, payload, badUrl).map(([url, qs, who, cookie, withLocale, roleChoice, body, percent]) => {
    const headers: Record<string, string> = {};
    if (who.cookie && cookie) headers.cookie = who.cookie;
    else Object.assign(headers, who.headers);
    if (withLocale) headers["x-locale"] = "id";
    if (roleChoice === "own" && who.roleIds[0]) headers["x-role"] = who.roleIds[0];
    else if (roleChoice && roleChoice !== "own") headers["x-role"] = roleChoice;
    if (body.contentType) headers["content-type"] = body.contentType;
    const target = `${url}${percent ?? ""}${qs}`;
    return {
      method: op.method,
      operation: `${op.method} ${op.path}`,
      url: target,
      headers,
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      caller: who.name,
      bend: [body.bend, percent ? `bad percent-encoding ${percent}` : ""].filter(Boolean).join("; "),
    };
  });
}

/** The whole run: every operation gets its share whatever the seed, taken in turns. */
export function sweepRequests(operations: Operation[], ctx: SweepContext, seed: number, count: number): SweepRequest[] {
  const perOperation = Math.ceil(count / operations.length);
  const samples = operations.map((op, i) => fc.sample(badRequests(op, ctx), { seed: seed + i, numRuns: perOperation }));
  return Array.from({ length: perOperation }, (_, round) => samples.map((s) => s[round]).filter((r) => r !== undefined)).flat();
}
