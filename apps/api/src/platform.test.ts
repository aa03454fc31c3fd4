import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../test/harness.ts";

describe("platform behaviour shared by every call", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it.each(["/app_api/v1/nothing", "/authy_api/v1/nothing", "/pub_api/v1/open/nothing"])(
    "answers an unknown API route %s with JSON 404, never HTML",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: "not_found", message: "Alamat API tidak ditemukan." } });
    },
  );

  it("echoes a well-formed caller request id and makes one otherwise", async () => {
    const given = await t.app.inject({ method: "GET", url: "/nothing", headers: { "x-request-id": "abc-12345678" } });
    expect(given.headers["x-request-id"]).toBe("abc-12345678");
    const made = await t.app.inject({ method: "GET", url: "/nothing", headers: { "x-request-id": "<script>" } });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sets security headers on every answer", async () => {
    const res = await t.app.inject({ method: "GET", url: "/tkb.php" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("compresses large answers with brotli or gzip as the client accepts", async () => {
    for (const encoding of ["br", "gzip"]) {
      const res = await t.app.inject({ method: "GET", url: "/docs/json", headers: { "accept-encoding": encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
    }
  });

  it("publishes the OpenAPI document generated from the contracts at /docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const schedule = doc.paths["/pub_api/v1/open/products/{productKey}/default_offer/schedule"].post;
    expect(Object.keys(schedule.responses).sort()).toEqual(["200", "400", "404", "415", "422"]);
    expect(schedule.requestBody.content["application/json"].schema.properties.data.required).toEqual(["amount", "term"]);
    expect(doc.paths["/tkb.php"].get).toBeDefined();
    const page = await t.app.inject({ method: "GET", url: "/docs" });
    expect([200, 302]).toContain(page.statusCode);
  });
});
