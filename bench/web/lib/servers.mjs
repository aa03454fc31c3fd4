/* global fetch, AbortSignal */
// The three servers the web bench measures: the real Pinjaman server, a static server for the
// floor pages and the empty React Router app. All listen on free loopback ports.
import { spawn } from "node:child_process";
import { isWebBuildStale } from "../../../scripts/web-build.mjs";
import { cp, readFile, stat, symlink, unlink } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

const HOST = "127.0.0.1";

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".txt", ".svg"]);

/** A free TCP port on the loopback interface (the OS picks it; tiny race accepted). */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listen(server) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, HOST, () => resolve(`http://${HOST}:${server.address().port}`));
  });
}

function close(server) {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Runs a command with its output on stderr; rejects unless it exits 0. */
export function runCommand(command, args, { cwd, track }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", process.stderr, process.stderr] });
    track(() => child.exitCode === null && child.kill());
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (code ${code})`))));
  });
}

/**
 * Starts the real server: `npm run build` when apps/web's build is missing or older than its
 * sources (the rule of scripts/start.mjs), then `apps/api/src/main.ts` in production mode on a
 * free port with a fresh PGlite directory. Resolves once `/` answers 200.
 *
 * The server runs from a snapshot in `dir`: copies of apps/api/src and apps/web/build, with a
 * symlink to the repo's node_modules (so workspace packages still resolve to packages/*).
 * Otherwise anyone running `npm run build` during the bench (e2e tests do) would replace the
 * hashed assets under the running server, and the pages would lose their scripts mid-bench.
 * `track(stop)` is called as soon as a process exists, so an abort stops it.
 */
export async function startPinjaman({ root, dir, track, timeoutMs = 300_000 }) {
  const webBuild = join(root, "apps/web/build");
  if (isWebBuildStale(root)) {
    await runCommand("npm", ["run", "build"], { cwd: root, track });
  }
  await cp(join(root, "apps/api"), join(dir, "apps/api"), { recursive: true });
  await cp(webBuild, join(dir, "apps/web/build"), { recursive: true });
  for (const file of ["package.json", "tsconfig.json"]) await cp(join(root, file), join(dir, file));
  await symlink(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  // Remove the link itself before the temp dir is deleted, never what it points to.
  track(() => unlink(join(dir, "node_modules")).catch(() => {}));

  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  // Own process group, so stop() reaches everything the server may have spawned.
  const child = spawn(process.execPath, ["--import", "tsx", join(dir, "apps/api/src/main.ts")], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", process.stderr, process.stderr], // keep stdout for the results table
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST,
      PORT: String(port),
      PGLITE_DIR: join(dir, "pglite"),
      DATABASE_URL: "", // empty counts as unset: always the embedded database
      PUBLIC_ORIGIN: "",
      LOG_LEVEL: "warn",
    },
  });
  let exited = null;
  const exitedPromise = new Promise((resolve) => child.once("exit", (code) => resolve((exited = code ?? 1))));

  const stop = async () => {
    if (exited !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return; // already gone
    }
    const gone = await Promise.race([exitedPromise.then(() => true), sleep(12_000).then(() => false)]);
    if (!gone) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
  };

  track(stop);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`the Pinjaman server exited early (code ${exited})`);
    if (Date.now() > deadline) {
      throw new Error(`the Pinjaman server did not answer within ${timeoutMs / 1000} s`);
    }
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(500);
  }
  return { origin, stop, clientDir: join(dir, "apps/web/build/client") };
}

/** Picks br or gzip as the client accepts, like @fastify/compress does for the real server. */
function encode(body, acceptEncoding = "") {
  if (/\bbr\b/.test(acceptEncoding)) {
    return { encoding: "br", body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { encoding: "gzip", body: gzipSync(body) };
  return { encoding: null, body };
}

/**
 * Serves a file from `dir` with compression; `/x` also tries `/x/index.html`. Returns false when
 * no such file exists, so callers can fall through. `headers` (file path → headers) adds a file's
 * own response headers.
 */
async function serveFile(dir, request, response, headers = new Map()) {
  const pathname = decodeURIComponent(new URL(request.url, "http://x").pathname);
  const safe = normalize(pathname); // absolute, so ".." cannot climb above `dir`
  for (const candidate of [join(dir, safe), join(dir, safe, "index.html")]) {
    const info = await stat(candidate).catch(() => null);
    if (!info?.isFile()) continue;
    const ext = extname(candidate);
    const raw = await readFile(candidate);
    const { encoding, body } = COMPRESSIBLE.has(ext) ? encode(raw, request.headers["accept-encoding"]) : { encoding: null, body: raw };
    for (const [name, value] of Object.entries(headers.get(candidate) ?? {})) response.setHeader(name, value);
    response.setHeader("content-type", MIME[ext] ?? "application/octet-stream");
    response.setHeader("content-length", body.length);
    response.setHeader("cache-control", safe.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    if (encoding) response.setHeader("content-encoding", encoding);
    response.setHeader("vary", "accept-encoding");
    response.end(request.method === "HEAD" ? undefined : body);
    return true;
  }
  return false;
}

/**
 * The floor's static server: files of `dir` only, each floor page with its page's response headers
 * (`headers`, from writeFloor); every 404 is remembered for the report.
 */
export async function startStaticServer(dir, headers) {
  const missing = new Set();
  const server = createServer((request, response) => {
    serveFile(dir, request, response, headers)
      .then((served) => {
        if (served) return;
        missing.add(request.url);
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      })
      .catch((error) => response.writeHead(500).end(String(error)));
  });
  const origin = await listen(server);
  return { origin, missing, stop: () => close(server) };
}

/** The empty React Router app: static files from build/client, everything else rendered by SSR. */
export async function startEmptyApp(buildDir) {
  // React picks its production build from NODE_ENV when first loaded, as in the real server.
  process.env.NODE_ENV = "production";
  const { createRequestListener } = await import("@react-router/node");
  const build = await import(pathToFileURL(join(buildDir, "server/index.js")).href);
  const render = createRequestListener({ build, mode: "production" });
  const clientDir = join(buildDir, "client");
  const server = createServer((request, response) => {
    // Chromium asks for a favicon the app does not have: answer without a router error log.
    if (request.url === "/favicon.ico") return void response.writeHead(404).end();
    serveFile(clientDir, request, response)
      .then((served) => (served ? undefined : render(request, response)))
      .catch((error) => response.writeHead(500).end(String(error)));
  });
  const origin = await listen(server);
  return { origin, stop: () => close(server) };
}
