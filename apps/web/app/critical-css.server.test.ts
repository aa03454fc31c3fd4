import { describe, expect, it } from "vitest";
import { throughStream } from "./stream-test-kit.ts";
import { injectCriticalCss } from "./critical-css.server.ts";

function run(chunks: Buffer[]): Promise<string> {
  return throughStream(injectCriticalCss("abc123"), chunks);
}

describe("injectCriticalCss", () => {
  it("puts one nonce'd style right before </head>, even when the tag spans chunks", async () => {
    const html = "<!DOCTYPE html><html><head><meta charset=utf-8></head><body>Rp 1.000</body></html>";
    const bytes = Buffer.from(html);
    const cut = html.indexOf("</he") + 3;
    const result = await run([bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(result).toMatch(/^<!DOCTYPE html><html><head><meta charset=utf-8><style nonce="abc123">[^]*<\/style><\/head><body>Rp 1\.000<\/body><\/html>$/);
    expect(result.match(/<style/g)).toHaveLength(1);
  });

  it("keeps multi-byte characters whole when a chunk ends inside one", async () => {
    const bytes = Buffer.from("<html><head><title>Biaya — Pinjaman</title></head><body>–</body></html>");
    const dash = bytes.indexOf(Buffer.from("—"));
    const result = await run([bytes.subarray(0, dash + 1), bytes.subarray(dash + 1)]);
    expect(result).toContain("<title>Biaya — Pinjaman</title><style");
    expect(result).toContain("<body>–</body>");
  });

  it("passes a document without </head> through unchanged", async () => {
    expect(await run([Buffer.from("<p>partial")])).toBe("<p>partial");
  });
});
