import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts, testApp, type TestApp } from "../../test/harness.ts";
import { sessionFor, type TestSession } from "../modules/identity/test-sessions.ts";
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
  ];

  it.each(cases)("%s", async (_, request, status, code) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
  });
});
