import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url.ts";

const origin = "http://127.0.0.1:3000";

describe("pageUrl", () => {
  it("keeps the path and query of a normal request line on our origin", () => {
    expect(pageUrl("/faq?x=1", origin).href).toBe("http://127.0.0.1:3000/faq?x=1");
  });

  it("never lets a request line name another host", () => {
    expect(pageUrl("//", origin).href).toBe("http://127.0.0.1:3000/");
    expect(pageUrl("//evil.example/login", origin).href).toBe("http://127.0.0.1:3000/evil.example/login");
    expect(pageUrl("///evil.example", origin).href).toBe("http://127.0.0.1:3000/evil.example");
    expect(pageUrl("http://evil.example/costs?a=b", origin).href).toBe("http://127.0.0.1:3000/costs?a=b");
  });
});
