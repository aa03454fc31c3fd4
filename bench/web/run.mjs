/* global fetch */
// `npm run bench:web`: Lighthouse (mobile, devtools throttling, median of N runs) on key pages of
// the real Pinjaman server, each next to its static-HTML floor and to an empty React Router app.
// Prints a Markdown table on stdout (progress goes to stderr) and writes
// bench/results/web-<timestamp>.json. See bench/README.md.
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { documentBytes, fetchText, firstLoadJs, stripScripts, writeFloor } from "./lib/html.mjs";
import { CHROME_PATH, measure, openChromes } from "./lib/lighthouse.mjs";
import { CHROMIUM_ARGS } from "../../scripts/chromium.mjs";
import { runCommand, startEmptyApp, startPinjaman, startStaticServer } from "./lib/servers.mjs";
import { guardRun, median, runGuarded, writeResults } from "../lib/run-guard.mjs";

const ROOT = new URL("../..", import.meta.url).pathname;
const EMPTY_APP_DIR = join(ROOT, "bench/web/empty-app");
const PAGES = (process.env.BENCH_PAGES ?? "/,/faq,/costs,/sign-up?flow=spl_onboarding").split(",").map((p) => p.trim());
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_BYTES_ONLY=1: only the deterministic part (documents and first-load JS), no browser.
const BYTES_ONLY = process.env.BENCH_BYTES_ONLY === "1";
// Flow pages' first-load JS, next to what Chromium really fetches until the step is shown (and
// that the lazy field templates stay out of the first load).
const JS_PAGES = (process.env.BENCH_JS_PAGES ?? "/sign-up?flow=spl_onboarding,/flows/spl_onboarding")
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
// Field templates that must stay lazy chunks (fields/registry.tsx), never first-load JS.
const LAZY_TEMPLATES = /(camera|voice-recording|open-banking|address|file-upload)-field/;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 15 * 60_000);
const TARGETS = { lcpVsFloor: 1.1, tbtMs: 50, cls: 0.02, jsVsEmpty: 1.15, flowLcpVsFloor: 1.25, flowJsVsEmpty: 1.4 };

/** A flow page (its server HTML is the flow's first step) has its own LCP and JS targets. */
const isFlowPage = (path) => /^\/(sign-up|flows\/)/.test(path);
function targetsOf(path) {
  const flow = isFlowPage(path);
  return { lcpVsFloor: flow ? TARGETS.flowLcpVsFloor : TARGETS.lcpVsFloor, tbtMs: TARGETS.tbtMs, cls: TARGETS.cls, jsVsEmpty: flow ? TARGETS.flowJsVsEmpty : TARGETS.jsVsEmpty };
}


// Everything started is stopped in reverse order, on success, failure, signal or timeout.
const { log, cleanups, cleanup, stopping } = guardRun({ name: "bench:web", timeoutMs: TIMEOUT_MS, first: () => { for (const chrome of openChromes) chrome.kill(); } });


/** Median of each metric over the runs (metric by metric, not the "median run"). */
function summarize(runs) {
  return {
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    scriptTransferBytes: median(runs.map((r) => r.scriptTransferBytes)),
  };
}

/**
 * A target cell: "pass"/"FAIL", for a relative target with the ratio and the limit's factor
 * (`factor` × `ratioTo`); null when not measurable.
 */
function check(value, limit, ratioTo, factor) {
  if (value === null || limit === null) return { pass: null, text: "n/a" };
  const pass = value <= limit;
  const ratio = ratioTo ? ` (${(value / ratioTo).toFixed(2)}× ≤ ${factor.toFixed(2)}×)` : "";
  return { pass, text: `${pass ? "pass" : "FAIL"}${ratio}` };
}

const fmt = {
  ms: (v) => (v === null ? "n/a" : String(Math.round(v))),
  cls: (v) => (v === null ? "n/a" : v.toFixed(3)),
  kb: (v) => (v === null ? "n/a" : `${(v / 1024).toFixed(1)} kB`),
};

/**
 * What a first visit really loads: the page in a fresh headless Chromium (puppeteer-core, the one
 * Lighthouse ships, over a pipe rather than a port) until the network has been idle for 500 ms, every
 * script response recorded and sized like first-load JS (gzip of the build's file).
 */
async function browserScripts(url, clientDir) {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS, pipe: true, headless: true });
  const close = () => browser.close().catch(() => {});
  cleanups.push(close);
  try {
    const page = await browser.newPage();
    const paths = [];
    const failed = [];
    page.on("response", (response) => {
      const { pathname, origin } = new URL(response.url());
      if (origin !== new URL(url).origin) return;
      if (response.status() >= 400) failed.push(`${response.status()} ${pathname}`);
      else if (response.request().resourceType() === "script" && !paths.includes(pathname)) paths.push(pathname);
    });
    await page.goto(url, { waitUntil: "networkidle0", timeout: 60_000 });
    const landedOn = new URL(page.url()).pathname + ` — "${(await page.$eval("h1", (h) => h.textContent ?? "").catch(() => "no h1")).trim()}"`;
    const files = [];
    for (const path of paths) {
      const file = join(clientDir, path);
      if (!existsSync(file)) continue;
      const source = await readFile(file);
      files.push({ path, bytes: source.length, gzipBytes: gzipSync(source).length });
    }
    return { landedOn, files, failed, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
  } finally {
    await close();
  }
}

const row = (cells) => `| ${cells.join(" | ")} |`;

/** Per page: the HTML document (raw, gzip, its floor's gzip), its inline scripts and preloads, and first-load JS. */
function documentsTable(documents, jsByPage, emptyJs) {
  const header = ["Page", "Document", "Document (gzip)", "Floor (gzip)", "Inline scripts", "Of which hydration data", "Module preloads", "First-load JS (gzip)", "JS vs empty app"];
  const lines = [row(header), row(header.map(() => "---"))];
  for (const { path, app, floor } of documents) {
    const js = jsByPage[path].gzipBytes;
    const limit = targetsOf(path).jsVsEmpty;
    const jsCheck = check(js, limit * emptyJs.gzipBytes, emptyJs.gzipBytes, limit);
    lines.push(row([`\`${path}\``, fmt.kb(app.bytes), fmt.kb(app.gzipBytes), fmt.kb(floor.gzipBytes), fmt.kb(app.inlineScriptBytes), fmt.kb(app.hydrationDataBytes), app.modulepreloads, fmt.kb(js), jsCheck.text]));
  }
  return lines;
}

async function main() {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  const startedAt = new Date();
  const tmp = await mkdtemp(join(tmpdir(), "pinjaman-bench-web-"));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));

  log("starting the Pinjaman server (builds apps/web if stale) and building the empty app…");
  const track = (stop) => cleanups.push(stop);
  const [pinjamanResult, emptyBuild] = await Promise.allSettled([
    startPinjaman({ root: ROOT, dir: join(tmp, "pinjaman"), track }),
    runCommand("npx", ["react-router", "build", EMPTY_APP_DIR], { cwd: ROOT, track }),
  ]);
  if (pinjamanResult.status === "rejected") throw pinjamanResult.reason;
  if (emptyBuild.status === "rejected") throw emptyBuild.reason;
  const pinjaman = pinjamanResult.value;
  log(`Pinjaman at ${pinjaman.origin}`);

  // The floor: the same pages without JavaScript, from a static server.
  const floorDir = join(tmp, "floor");
  const floorHeaders = await writeFloor({ origin: pinjaman.origin, paths: PAGES, clientDir: pinjaman.clientDir, floorDir });
  const floor = await startStaticServer(floorDir, floorHeaders);
  cleanups.push(floor.stop);
  const empty = await startEmptyApp(join(EMPTY_APP_DIR, "build"));
  cleanups.push(empty.stop);
  log(`floor at ${floor.origin}, empty app at ${empty.origin}`);

  // First-load JS from each page's server-rendered HTML; also check the server serves those files.
  const warnings = [];
  const jsByPage = {};
  for (const path of PAGES) {
    jsByPage[path] = await firstLoadJs(await fetchText(pinjaman.origin + path), pinjaman.clientDir);
    for (const file of jsByPage[path].files) {
      const response = await fetch(pinjaman.origin + file.path);
      await response.arrayBuffer();
      if (!response.ok) warnings.push(`Pinjaman answers ${response.status} for first-load script ${file.path}`);
    }
  }
  const emptyJs = await firstLoadJs(await fetchText(empty.origin + "/"), join(EMPTY_APP_DIR, "build/client"));
  const documents = [];
  for (const path of PAGES) {
    const html = await fetchText(pinjaman.origin + path);
    documents.push({ path, app: documentBytes(html), floor: documentBytes(stripScripts(html)) });
  }
  console.log(`\n## Documents and first-load JS (deterministic; see bench/README.md)\n`);
  console.log(documentsTable(documents, jsByPage, emptyJs).join("\n"));
  if (BYTES_ONLY) {
    await writeResults("web-bytes", startedAt, { startedAt: startedAt.toISOString(), documents, firstLoadJs: jsByPage, emptyAppJs: emptyJs, warnings });
    return;
  }
  const flowPages = [];
  for (const path of JS_PAGES) {
    const js = await firstLoadJs(await fetchText(pinjaman.origin + path), pinjaman.clientDir);
    for (const file of js.files.filter((f) => LAZY_TEMPLATES.test(f.path))) warnings.push(`${path}: lazy field template ${file.path} is in the first-load JS`);
    const fetched = await browserScripts(pinjaman.origin + path, pinjaman.clientDir);
    log(`${path}: first-load JS ${fmt.kb(js.gzipBytes)}; Chromium fetched ${fmt.kb(fetched.gzipBytes)} of scripts until idle (${fetched.landedOn})`);
    for (const failed of fetched.failed) warnings.push(`${path} in Chromium: ${failed}`);
    const firstLoad = new Set(js.files.map((f) => f.path));
    const later = fetched.files.filter((f) => !firstLoad.has(f.path));
    flowPages.push({ path, firstLoadJs: js, browser: { ...fetched, later }, check: check(js.gzipBytes, TARGETS.flowJsVsEmpty * emptyJs.gzipBytes, emptyJs.gzipBytes, TARGETS.flowJsVsEmpty) });
  }

  // Lighthouse runs, interleaved so that background load affects every variant alike.
  const targets = [
    ...PAGES.flatMap((path) => [
      { key: `app ${path}`, url: pinjaman.origin + path },
      { key: `floor ${path}`, url: floor.origin + path },
    ]),
    { key: "empty", url: empty.origin + "/" },
  ];
  const runs = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let run = 1; run <= RUNS; run++) {
    for (const { key, url } of targets) {
      const t0 = Date.now();
      const result = await measure(url);
      runs[key].push(result);
      log(`run ${run}/${RUNS} ${key}: LCP ${fmt.ms(result.lcpMs)} ms, TBT ${fmt.ms(result.tbtMs)} ms, CLS ${fmt.cls(result.cls)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      // Chromium's automatic favicon request is not part of the page.
      for (const failed of result.failedRequests.filter((f) => !f.endsWith("/favicon.ico"))) warnings.push(`${key}: ${failed}`);
    }
  }
  floor.missing.delete("/favicon.ico");
  if (floor.missing.size > 0) warnings.push(`floor server 404s: ${[...floor.missing].join(", ")}`);

  // Rows and targets.
  const emptyMedian = summarize(runs.empty);
  const pages = PAGES.map((path) => {
    const app = summarize(runs[`app ${path}`]);
    const floorMedian = summarize(runs[`floor ${path}`]);
    const js = jsByPage[path].gzipBytes;
    const targets = targetsOf(path);
    const checks = {
      lcp: check(app.lcpMs, floorMedian.lcpMs === null ? null : targets.lcpVsFloor * floorMedian.lcpMs, floorMedian.lcpMs, targets.lcpVsFloor),
      tbt: check(app.tbtMs, targets.tbtMs),
      cls: check(app.cls, targets.cls),
      js: check(js, targets.jsVsEmpty * emptyJs.gzipBytes, emptyJs.gzipBytes, targets.jsVsEmpty),
    };
    return { path, targets, app: { ...app, firstLoadJs: jsByPage[path] }, floor: floorMedian, checks, runs: { app: runs[`app ${path}`], floor: runs[`floor ${path}`] } };
  });

  const header = ["Page", "Served by", "LCP (ms)", "TBT (ms)", "CLS", "First-load JS (gzip)", "LCP vs floor", "TBT ≤ 50 ms", "CLS ≤ 0.02", "JS vs empty app"];
  const metrics = (m, jsBytes) => [fmt.ms(m.lcpMs), fmt.ms(m.tbtMs), fmt.cls(m.cls), fmt.kb(jsBytes)];
  const lines = [row(header), row(header.map(() => "---"))];
  for (const p of pages) {
    lines.push(row([`\`${p.path}\``, "Pinjaman", ...metrics(p.app, p.app.firstLoadJs.gzipBytes), p.checks.lcp.text, p.checks.tbt.text, p.checks.cls.text, p.checks.js.text]));
    lines.push(row([`\`${p.path}\``, "floor (static HTML)", ...metrics(p.floor, 0), "", "", "", ""]));
  }
  lines.push(row(["`/`", "empty React Router app", ...metrics(emptyMedian, emptyJs.gzipBytes), "", "", "", ""]));
  const all = [...pages.flatMap((p) => Object.values(p.checks)), ...flowPages.map((p) => p.check)];
  const passed = all.filter((c) => c.pass === true).length;

  const lighthouseVersion = runs.empty[0]?.lighthouseVersion;
  console.log(`\n## Web performance (Lighthouse ${lighthouseVersion}, mobile, devtools throttling, median of ${RUNS} runs)\n`);
  console.log(lines.join("\n"));
  if (flowPages.length > 0) {
    const flowHeader = ["Page", "First-load JS (gzip)", "Files", "Fetched by Chromium until idle (gzip)", "Of which after first load", `JS ≤ ${TARGETS.flowJsVsEmpty.toFixed(2)}× empty app`];
    const flowLines = [row(flowHeader), row(flowHeader.map(() => "---"))];
    for (const p of flowPages) {
      const later = p.browser.later.map((f) => `${f.path.replace(/^\/assets\//, "")} ${fmt.kb(f.gzipBytes)}`).join(", ") || "none";
      flowLines.push(row([`\`${p.path}\``, fmt.kb(p.firstLoadJs.gzipBytes), p.firstLoadJs.files.length, fmt.kb(p.browser.gzipBytes), later, p.check.text]));
    }
    flowLines.push(row(["`/` (empty React Router app)", fmt.kb(emptyJs.gzipBytes), emptyJs.files.length, "", "", ""]));
    console.log(`\n### Flow pages: first-load JS and what Chromium fetches until idle (see bench/README.md)\n`);
    console.log(flowLines.join("\n"));
  }
  console.log(`\n${passed} of ${all.length} targets met.`);
  if (warnings.length > 0) console.log(`\nWarnings:\n${[...new Set(warnings)].map((w) => `- ${w}`).join("\n")}`);

  const report = {
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
    settings: { runs: RUNS, lighthouseVersion, ...runs.empty[0]?.configSettings, userAgent: runs.empty[0]?.userAgent, node: process.version },
    targets: TARGETS,
    pages,
    flowPages,
    emptyApp: { ...emptyMedian, firstLoadJs: emptyJs, runs: runs.empty },
    passed,
    total: all.length,
    documents,
    warnings: [...new Set(warnings)],
  };
  await writeResults("web", startedAt, report);
}

await runGuarded(main, { log, stopping, cleanup });
