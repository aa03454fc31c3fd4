/* global fetch, AbortSignal */
// `npm run bench:dashboard`: the borrower dashboard's account search (POST
// /app_api/v1/accounts/search with the filters apps/web/app/features/loans/dashboard.tsx sends:
// open loans, closed loans) on PostgreSQL, over the sandbox book seeded at ×1 and ×10
// (bench/dashboard/server.ts), with autocannon on the loopback interface. Each request is one
// borrower's (round robin over BENCH_SESSIONS sessions). Prints p50/p99 per scale and the growth
// ratio p99(×10)/p99(×1), target ≤ 1.2, as a Markdown table on stdout (progress on stderr) and
// writes bench/results/dashboard-<timestamp>.json. See bench/README.md ("Dashboard").
import { cpus } from "node:os";
import { createScratchDatabase } from "../../packages/db/src/scratch-database.ts";
import { startBenchServer } from "../lib/bench-server.mjs";
import { alternatingRounds, summariseRounds, timedRequests } from "../lib/rounds.mjs";
import { guardRun, runGuarded, writeResults } from "../lib/run-guard.mjs";

const HOST = "127.0.0.1";
const SEARCH_PATH = "/app_api/v1/accounts/search";
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
// Searches sent first and not counted: the server's JIT, the pool's connections and the caches warm up.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50);
const SCALES = (process.env.BENCH_SCALES ?? "1,10").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_RATIO = 1.2;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);

/** The dashboard's two account searches (dashboard.tsx OPEN_LOANS, CLOSED_LOANS). */
const FILTERS = [
  [
    { field: "type_key", op: "equals", value: "loan" },
    { field: "closed_on", op: "empty" },
  ],
  [
    { field: "type_key", op: "equals", value: "loan" },
    { field: "closed_on", op: "present" },
    { field: "activated_on", op: "present" },
  ],
];

const { log, cleanups, cleanup, stopping } = guardRun({ name: "bench:dashboard", timeoutMs: TIMEOUT_MS });

const searchRequest = (token, filters) => ({
  body: JSON.stringify({ filters }),
  headers: { "content-type": "application/json", "x-locale": "id", "x-authorization": token },
});

/** One search before the run: the route answers the borrower's loans. */
async function checkSearch(origin, token) {
  const { body, headers } = searchRequest(token, FILTERS[0]);
  const response = await fetch(origin + SEARCH_PATH, { method: "POST", body, headers, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok || !Array.isArray(JSON.parse(text)?.data)) throw new Error(`the account search should answer 2xx with data: []; got ${response.status}: ${text.slice(0, 300)}`);
}

/** `amount` searches, each with the next session and filter; answers autocannon's result and the 2xx latencies. */
const runSearches = (origin, tokens, amount) =>
  timedRequests({
    origin,
    method: "POST",
    path: SEARCH_PATH,
    connections: CONNECTIONS,
    amount,
    timeoutS: 30,
    setupRequest: (n) => searchRequest(tokens[n % tokens.length], FILTERS[n % FILTERS.length]),
    verifyBody: (body) => body.startsWith('{"data":['),
    cleanups,
  });

/** Seeds the book at `scale` in its own scratch database and starts the API on it. */
async function serverAt(scale) {
  const scratch = await createScratchDatabase(SERVER_URL, "pinjaman_bench_dashboard");
  cleanups.push(() => scratch.drop());
  log(`×${scale}: seeding the sandbox book (${100 * scale} borrowers) on PostgreSQL…`);
  const server = await startBenchServer({ script: "bench/dashboard/server.ts", env: { DATABASE_URL: scratch.url, BENCH_SCALE: String(scale), BENCH_SESSIONS: String(SESSIONS) }, cleanups });
  const origin = `http://${HOST}:${server.port}`;
  log(`×${scale}: seeded in ${server.seedS.toFixed(1)} s (${server.accounts} accounts, ${server.invoices} invoices, ${server.transfers} transfers); plan: ${server.plan}`);
  await checkSearch(origin, server.tokens[0]);
  await runSearches(origin, server.tokens, WARMUP);
  return { scale, origin, server };
}

/**
 * Both books are served at once and measured in alternating rounds, so that whatever else runs on
 * the machine weighs on both alike; a scale's p50/p99 are the medians of its rounds'.
 */
async function measure(targets) {
  const rounds = await alternatingRounds({ targets, rounds: ROUNDS, log, run: (target) => runSearches(target.origin, target.server.tokens, Math.ceil(REQUESTS / ROUNDS)) });
  return targets.map(({ scale, server }) => ({
    scale,
    seedSeconds: Number(server.seedS.toFixed(1)),
    accounts: server.accounts,
    invoices: server.invoices,
    transfers: server.transfers,
    plan: server.plan,
    ...summariseRounds(rounds.get(scale)),
  }));
}

async function main() {
  const startedAt = new Date();
  const targets = [];
  for (const scale of SCALES) targets.push(await serverAt(scale));
  const rows = await measure(targets);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const ratio = last.p99Ms / first.p99Ms;

  const cpu = cpus();
  console.log(`\n## Dashboard account search (PostgreSQL, ${REQUESTS} requests per book in ${ROUNDS} alternating rounds after ${WARMUP} to warm up, ${CONNECTIONS} connections, ${cpu.length} × ${cpu[0]?.model ?? "CPU"}, Node ${process.version})\n`);
  console.log("| book | accounts | invoices | ledger transfers | seed (s) | requests | p50 (ms) | p99 (ms) | requests/s | errors |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(`| ×${r.scale} | ${r.accounts} | ${r.invoices} | ${r.transfers} | ${r.seedSeconds} | ${r.requests} | ${r.p50Ms} | ${r.p99Ms} | ${r.requestsPerSecond.toFixed(1)} | ${r.errors} |`);
  }
  console.log(`\nIndex: ${last.plan}`);
  console.log(`\nGrowth p99(×${last.scale}) / p99(×${first.scale}): ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "not met"}).`);
  await writeResults("dashboard", startedAt, { settings: { path: SEARCH_PATH, requests: REQUESTS, rounds: ROUNDS, warmup: WARMUP, connections: CONNECTIONS, sessions: SESSIONS, node: process.version, cpus: cpu.length }, results: rows, ratio, targetRatio: TARGET_RATIO });
  if (rows.some((r) => r.errors > 0)) throw new Error("some searches failed");
}

await runGuarded(main, { log, stopping, cleanup });
