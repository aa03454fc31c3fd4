import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../test/harness.ts";
import { sessionFor, type TestSession } from "../modules/identity/test-sessions.ts";
import { isApiPath } from "./errors.ts";
import { unstorableTextPaths } from "./unstorable-text.ts";

type Request = { method: "GET" | "POST"; url: string; payload?: string | object; headers?: Record<string, string> };

const UNSTORABLE = "Mengandung karakter yang tidak diizinkan (NUL atau karakter Unicode yang tidak utuh)";

/** Found by the bad-input sweep (test/sweeps) and by probing: refusals the edge owes, not the routes. */
describe("refusals at the edge: text the database cannot store, a query parameter of the wrong type", () => {
  let t: TestApp;
  let budi: TestSession;
  beforeAll(async () => {
    t = await testApp();
    budi = await sessionFor(t.app.db, "budi@pinjaman.test");
  });
  afterAll(() => t.close());

  const cases: [string, Request, string][] = [
    [
      "NUL in a public body (support request)",
      { method: "POST", url: "/pub_api/v1/open/support_requests", payload: { data: { name: "Siti", contact: "siti@example.co.id", message: "halo\u0000dunia" } } },
      "message",
    ],
    [
      "a lone surrogate in a public body",
      { method: "POST", url: "/pub_api/v1/open/support_requests", payload: '{"data":{"name":"Si\\ud800ti","contact":"siti@example.co.id","message":"halo dunia"}}', headers: { "content-type": "application/json" } },
      "name",
    ],
    ["NUL in a path parameter (schedule)", { method: "POST", url: "/pub_api/v1/open/products/a%00b/default_offer/schedule", payload: { data: { amount: 1000000, term: 3 } } }, "productKey"],
    [
      "NUL in a nested body field (address search)",
      { method: "POST", url: "/pub_api/v1/open/country_addresses/autocomplete", payload: { type: "province", filters: [{ field: "province", op: "contains", value: "ja\u0000wa" }] } },
      "filters.0.value",
    ],
    ["NUL in a query parameter", { method: "GET", url: "/app_api/v1/flow_progresses?flow_key=a%00b" }, "flow_key"],
    [
      "NUL in a private body (upload presign)",
      { method: "POST", url: "/app_api/v1/field_uploads/presign_upload", payload: { data: { filename: "ktp\u0000.jpg", content_type: "image/jpeg", size: 1000 } } },
      "filename",
    ],
  ];

  it.each(cases)("%s: 400 naming the field, nothing stored", async (_, request, field) => {
    const before = await rowCounts(t.database);
    const res = await t.app.inject({ ...request, headers: { ...budi.headers, ...(request.headers ?? {}) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "validation_failed", message: expect.any(String), fields: { [field]: [UNSTORABLE] } } });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("finds an unstorable key and walks a body nested 200,000 deep", () => {
    const found = unstorableTextPaths({ data: { values: { "a\u0000": 1, ok: ["x", "\uDC00"] } } });
    expect(found).toHaveLength(2);
    expect(found).toEqual(expect.arrayContaining([["data", "values", "ok", "1"], ["data", "values", "a\u0000"]]));
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableTextPaths(deep)[0]).toHaveLength(200_000);
  });

  it.each(["abc", "1e400"])("a query parameter of the wrong type: ?year=%s is a wrong format, not a missing field", async (year) => {
    const res = await t.app.inject({ method: "GET", url: `/app_api/v1/accounts/00000000-0000-4000-8000-000000000000/tax_statements?year=${year}`, headers: budi.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ year: ["Format isian tidak sesuai"] });
  });
});

describe("framework errors answer in the envelope", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const cases: [string, Request, number, string][] = [
    ["a bad percent-encoding", { method: "GET", url: "/app_api/v1/flows/%E0%A4%A/flow_progresses/new" }, 400, "bad_url"],
    ["an encoded lone surrogate in the path", { method: "GET", url: "/pub_api/v1/open/flows/%ED%A0%80/flow_progresses/new" }, 400, "bad_url"],
    ["a path parameter longer than any id", { method: "GET", url: `/pub_api/v1/open/flows/${"x".repeat(500)}/flow_progresses/new` }, 404, "not_found"],
    ["invalid JSON", { method: "POST", url: "/pub_api/v1/open/support_requests", payload: '{"data":', headers: { "content-type": "application/json" } }, 400, "invalid_json"],
    ["an unknown content type", { method: "POST", url: "/pub_api/v1/open/support_requests", payload: "<x/>", headers: { "content-type": "application/xml" } }, 415, "unsupported_media_type"],
    [
      "JSON where multipart is expected",
      { method: "POST", url: "/app_api/v1/field_uploads/00000000-0000-4000-8000-000000000000/content", payload: { data: {} }, headers: { "x-locale": "id" } },
      415,
      "unsupported_media_type",
    ],
    // The attack probe's repro (issue 17 item 6): busboy's errors were a 500 with a stack at error level.
    ...(["/pub_api/v1/open/integrations/voice/recordings", "/app_api/v1/field_uploads/00000000-0000-4000-8000-000000000000/content"] as const).flatMap(
      (url): [string, Request, number, string][] => [
        [`multipart without a boundary to ${url}`, { method: "POST", url, payload: "{}", headers: { "content-type": "multipart/form-data", "x-locale": "id" } }, 400, "malformed_multipart"],
        [
          `a field declared JSON that is not, to ${url}`,
          { method: "POST", url, payload: '--b\r\ncontent-disposition: form-data; name="flow_progress_id"\r\ncontent-type: application/json\r\n\r\n{"a":\r\n--b--\r\n', headers: { "content-type": "multipart/form-data; boundary=b", "x-locale": "id" } },
          400,
          "malformed_multipart",
        ],
        [`an empty boundary to ${url}`, { method: "POST", url, payload: "--\r\n", headers: { "content-type": "multipart/form-data; boundary=", "x-locale": "id" } }, 400, "malformed_multipart"],
        [
          `a form cut short inside a part to ${url}`,
          { method: "POST", url, payload: '--b\r\ncontent-disposition: form-data; name="flow_progress_id"\r\n\r\n0000', headers: { "content-type": "multipart/form-data; boundary=b", "x-locale": "id" } },
          400,
          "malformed_multipart",
        ],
      ],
    ),
  ];

  it.each(cases)("%s", async (_, request, status, code) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
    // Refused before any route runs, yet a session API's answer all the same: kept out of caches.
    if (request.url.startsWith("/app_api/")) expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("says which paths are the API's, so the site never answers them with a page", () => {
    const api = ["/partner_api/v1/nothing", "/partner_api", `/partner_api/v1/leads/${"x".repeat(600)}`, "/tkb.php/x", "/customerlist_v2.php?key=x", "/v1/details/1", "/api/users/lender-dashboard", "/authy_api", "/docs/json"];
    const pages = ["/", "/partners", "/reset-password/abc", "/pub_apix", "/tkb", "/api", "/docs"];
    expect(api.filter((url) => !isApiPath(url))).toEqual([]);
    expect(pages.filter(isApiPath)).toEqual([]);
  });
});

describe("what Node's parser refuses answers in the envelope too", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** The raw answer to raw request bytes: Node refuses these before Fastify sees a request. */
  const exchange = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
      socket.end(request);
    });

  it.each([
    ["an over-long URL", `GET /pub_api/v1/open/flows/${"x".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, "request_header_too_large"],
    ["an over-long header", `GET /app_api/v1/identity HTTP/1.1\r\nHost: x\r\nX-Pad: ${"y".repeat(20_000)}\r\n\r\n`, 431, "request_header_too_large"],
    ["a malformed request line", "GET\u0001 / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "malformed_request"],
  ])("%s: %d in the envelope, not Node's or Fastify's own answer", async (_, request, status, code) => {
    const answer = await exchange(request);
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(head).toMatch(/cache-control: no-store/i);
    expect(JSON.parse(body!)).toEqual({ error: { code, message: expect.any(String) } });
  });
});
