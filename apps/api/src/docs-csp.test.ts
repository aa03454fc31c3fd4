import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../test/harness.ts";

/** A policy as directive → sources. */
function directives(header: string | undefined): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

describe("the Content-Security-Policy of /docs (Swagger UI)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it.each(["/docs", "/docs/", "/docs/static/swagger-initializer.js", "/docs/json"])("is sent with %s", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBeLessThan(400);
    const policy = directives(res.headers["content-security-policy"] as string | undefined);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("script-src-attr")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });

  it("allows no eval, no inline code and no other origin anywhere", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/" });
    const header = String(res.headers["content-security-policy"]);
    expect(header).not.toMatch(/unsafe-eval|unsafe-inline|unsafe-hashes|wasm-unsafe-eval|\*|https?:/);
  });

  it("serves the page that loads only its own scripts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/" });
    expect(res.statusCode).toBe(200);
    // Every script is a file (no inline code the policy would have to allow).
    expect(res.body.match(/<script\b/g)?.length).toBe(res.body.match(/<script src="[^"]+"[^>]*>\s*<\/script>/g)?.length);
    expect([...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "./static/swagger-ui-bundle.js",
      "./static/swagger-ui-standalone-preset.js",
      "./static/swagger-initializer.js",
    ]);
  });
});
