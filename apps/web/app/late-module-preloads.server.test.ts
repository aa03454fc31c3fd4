import { describe, expect, it } from "vitest";
import { throughStream } from "./stream-test-kit.ts";
import { moveModulePreloadsLate } from "./late-module-preloads.server.ts";

function run(chunks: Buffer[]): Promise<string> {
  return throughStream(moveModulePreloadsLate(), chunks);
}

/** Every way to cut `html` in two. */
function cuts(html: string): Buffer[][] {
  const bytes = Buffer.from(html);
  return Array.from({ length: bytes.length + 1 }, (_, i) => [bytes.subarray(0, i), bytes.subarray(i)]);
}

const PRELOADS = '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/><link rel="modulepreload" href="/assets/root-b.js" nonce="n"/>';
const PAGE =
  `<!DOCTYPE html><html><head><meta charset="utf-8"/><link rel="icon" href="data:x"/>${PRELOADS}` +
  '<script nonce="n">boot()</script><title>Biaya — Pinjaman</title></head>' +
  '<body><main><h1>Biaya</h1><p>Rp 1.000 – Rp 2.000</p></main><script nonce="n">ctx()</script><script type="module">import "/assets/root-b.js"</script></body></html>';
const EXPECTED =
  '<!DOCTYPE html><html><head><meta charset="utf-8"/><link rel="icon" href="data:x"/><script nonce="n">boot()</script><title>Biaya — Pinjaman</title></head>' +
  `<body><main><h1>Biaya</h1><p>Rp 1.000 – Rp 2.000</p></main>${PRELOADS}<script nonce="n">ctx()</script><script type="module">import "/assets/root-b.js"</script></body></html>`;

describe("moveModulePreloadsLate", () => {
  it("moves the head's module preloads right before the body's first script, keeping everything else as sent", async () => {
    expect(await run([Buffer.from(PAGE)])).toBe(EXPECTED);
  });

  it("gives the same document wherever the chunks are cut (inside a tag, a <script, a multi-byte character)", async () => {
    for (const chunks of cuts(PAGE)) expect(await run(chunks)).toBe(EXPECTED);
  });

  it("leaves a head without preloads and other links alone", async () => {
    const html = '<html><head><link rel="stylesheet" href="/a.css"/></head><body><p>x</p><script>y()</script></body></html>';
    expect(await run([Buffer.from(html)])).toBe(html);
  });

  it("puts the preloads at the end of a body without scripts, and passes a document without </head> through", async () => {
    expect(await run([Buffer.from(`<html><head>${PRELOADS}</head><body><p>x</p></body></html>`)])).toBe(`<html><head></head><body><p>x</p></body></html>${PRELOADS}`);
    expect(await run([Buffer.from("<p>partial")])).toBe("<p>partial");
  });
});
