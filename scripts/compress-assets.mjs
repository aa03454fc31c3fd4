// `npm run build` (after the site): writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9)
// copy next to every script and stylesheet of apps/web/build/client, which the server sends as they
// are (`preCompressed` in apps/api/src/web.ts) instead of compressing each request: on a 2-core
// machine that took ~90 ms of CPU per first page load, while the browser was laying out the page
// (decision 0005), and the copies are smaller than per-request compression at brotli quality 4.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = new URL("../apps/web/build/client", import.meta.url).pathname;
// @fastify/compress's threshold: smaller answers are sent as they are.
const THRESHOLD = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(js|css)$/.test(entry.name)) yield path;
  }
}

let count = 0;
for (const path of files(clientDir)) {
  const source = readFileSync(path);
  if (source.length < THRESHOLD) continue;
  const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length };
  writeFileSync(`${path}.br`, brotliCompressSync(source, { params: brotliParams }));
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  count++;
}
console.info(`Compressed ${count} site assets (.br, .gz)`);
