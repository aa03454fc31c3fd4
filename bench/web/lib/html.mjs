/* global fetch, Buffer */
// HTML helpers of the web bench: the static floor copy of a page, and the JavaScript a page
// loads before any interaction (its "first-load JS").
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

export async function fetchText(url) {
  return (await fetchPage(url)).text;
}

// Response headers that describe one transfer rather than the page; the floor's server sets its own.
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "vary", "etag", "last-modified", "set-cookie", "x-request-id"]);

/** The page's HTML and the response headers that belong to the page (security headers, CSP, content type). */
export async function fetchPage(url) {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !TRANSFER_HEADERS.has(name)));
  return { text, headers };
}

function attr(attrs, name) {
  return new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attrs)?.slice(1).find((v) => v !== undefined);
}

/** The page without JavaScript: every <script> and every module/script preload link removed. */
export function stripScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*>/gi, (tag) => {
      const rel = attr(tag, "rel") ?? "";
      const isScriptPreload = rel === "modulepreload" || (rel === "preload" && attr(tag, "as") === "script");
      return isScriptPreload ? "" : tag;
    });
}

/**
 * Writes the floor copies of `paths` under `floorDir` (`/faq` → `floorDir/faq/index.html`; a query
 * string selects the page but not the file: `/sign-up?flow=x` → `floorDir/sign-up/index.html`) next to
 * every non-JS file of the site's build/client (stylesheets and whatever they and the markup
 * reference: fonts, images, icons), so URLs resolve exactly as on the real server. Returns each
 * floor file's response headers (`Map` of file path → headers): the page's own, from the same
 * answer as its HTML (so the CSP's nonce is the markup's), for the floor's server to send.
 */
export async function writeFloor({ origin, paths, clientDir, floorDir }) {
  await cp(clientDir, floorDir, { recursive: true, filter: (src) => !/\.m?js(\.map|\.br|\.gz)?$/.test(src) });
  const headers = new Map();
  for (const path of paths) {
    const file = join(floorDir, new URL(path, "http://floor").pathname, "index.html");
    await mkdir(dirname(file), { recursive: true });
    const page = await fetchPage(origin + path);
    await writeFile(file, stripScripts(page.text));
    headers.set(file, page.headers);
  }
  return headers;
}

// `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"` (minified or not).
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']([^"']+)["']/g;
// `import("./a.js")`: only followed in the page's inline module script, where it runs at once.
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/**
 * The JS files the page loads before interaction, with raw and gzip sizes: <script src>,
 * <link rel="modulepreload">, the imports of inline module scripts (React Router's route modules
 * and entry), and everything those files import statically. Files are read from `clientDir`
 * (the build the server serves) and gzipped with node:zlib at its default level. Lazy
 * `import()` inside the bundles and inline scripts' own bytes (part of the HTML) are not counted.
 */
export async function firstLoadJs(html, clientDir) {
  const queue = [];
  const add = (specifier, base) => {
    if (!/^(\.{1,2})?\//.test(specifier) || !/\.m?js$/.test(specifier)) return;
    const path = new URL(specifier, new URL(base, "http://page")).pathname;
    if (!queue.includes(path)) queue.push(path);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attr(tag, "rel") === "modulepreload") add(attr(tag, "href") ?? "", "/");
  }
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(attrs, "src");
    if (src) add(src, "/");
    else if (attr(attrs, "type") === "module") {
      for (const [, specifier] of body.matchAll(STATIC_IMPORT)) add(specifier, "/");
      for (const [, specifier] of body.matchAll(DYNAMIC_IMPORT)) add(specifier, "/");
    }
  }
  const fromHtml = queue.length;
  const files = [];
  for (let i = 0; i < queue.length; i++) {
    const file = join(clientDir, queue[i]);
    if (!existsSync(file)) {
      // A file the HTML names must exist; a match inside a bundle may be a string that looks alike.
      if (i < fromHtml) throw new Error(`first-load script ${queue[i]} is not in ${clientDir}`);
      continue;
    }
    const source = await readFile(file);
    files.push({ path: queue[i], bytes: source.length, gzipBytes: gzipSync(source).length });
    for (const [, specifier] of source.toString("utf8").matchAll(STATIC_IMPORT)) add(specifier, queue[i]);
  }
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return { gzipBytes: sum("gzipBytes"), bytes: sum("bytes"), files };
}

/**
 * What a page's HTML document weighs before any script: raw and gzip bytes (node:zlib default
 * level), the bytes of its inline scripts (React Router's hydration data and module script, the
 * boot scripts) and of the hydration data alone (`window.__reactRouterContext`), and how many
 * `modulepreload` links it has.
 */
export function documentBytes(html) {
  let inlineScriptBytes = 0;
  let hydrationDataBytes = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attr(attrs, "src")) continue;
    const bytes = Buffer.byteLength(body);
    inlineScriptBytes += bytes;
    if (/__reactRouterContext|streamController/.test(body)) hydrationDataBytes += bytes;
  }
  const modulepreloads = [...html.matchAll(/<link\b[^>]*>/gi)].filter(([tag]) => attr(tag, "rel") === "modulepreload").length;
  return { bytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length, inlineScriptBytes, hydrationDataBytes, modulepreloads };
}
