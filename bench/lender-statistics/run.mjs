/* global fetch, AbortSignal */
// `npm run bench:lender-statistics`: the investment-account page's API calls (statistics, balance,
// the lender's investments, the open applications) for a lender with BENCH_INVESTMENTS (10,000)
// investments, in a book at ×1 and ×10 around them (bench/lender-statistics/server.ts), on
// PostgreSQL, with autocannon on the loopback interface. Prints p50/p99 per call and scale and the
// growth ratio p99(×10)/p99(×1), target ≤ 1.2, as a Markdown table on stdout (progress on stderr)
// and writes bench/results/lender-statistics-<timestamp>.json. See bench/README.md ("Lender statistics").
import { cpus } from "node:os";
import { createScratchDatabase } from "../../packages/db/src/scratch-database.ts";
import { startBenchServer } from "../lib/bench-server.mjs";
import { alternatingRounds, summariseRounds, timedRequests } from "../lib/rounds.mjs";
import { guardRun, runGuarded, writeResults } from "../lib/run-guard.mjs";

const HOST = "127.0.0.1";
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const INVESTMENTS = Number(process.env.BENCH_INVESTMENTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SCALES = (process.env.BENCH_SCALES ?? "1,10").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 1.2;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);

/** The calls the investment-account page makes (apps/web/app/features/lender), by name. */
const CALLS = {
  statistics: (id) => ({ method: "GET", path: `/app_api/v1/accounts/${id}/investments/statistics` }),
  balance: (id) => ({ method: "GET", path: `/app_api/v1/accounts/${id}/balance` }),
  investments: (id) => ({ method: "POST", path: `/app_api/v1/accounts/${id}/investments/search`, body: JSON.stringify({ filters: [] }) }),
  applications: (id) => ({ method: "POST", path: `/app_api/v1/accounts/${id}/investment_applications/search`, body: JSON.stringify({ filters: [] }) }),
};

const { log, cleanups, cleanup, stopping } = guardRun({ name: "bench:lender-statistics", timeoutMs: TIMEOUT_MS });

const headersOf = (token) => ({ "content-type": "application/json", "x-locale": "id", "x-authorization": token });

/** One call before the run: it answers 2xx with `data`. */
async function check(origin, token, call) {
  const response = await fetch(origin + call.path, { method: call.method, body: call.body, headers: headersOf(token), signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  if (!response.ok || !JSON.parse(text)?.data) throw new Error(`${call.method} ${call.path} should answer 2xx with data; got ${response.status}: ${text.slice(0, 300)}`);
}

/** `amount` calls; answers autocannon's result and the 2xx latencies. */
const runCalls = (origin, tokens, call, amount) =>
  timedRequests({
    origin,
    method: call.method,
    path: call.path,
    connections: CONNECTIONS,
    amount,
    timeoutS: 60,
    setupRequest: (n) => ({ body: call.body, headers: headersOf(tokens[n % tokens.length]) }),
    verifyBody: (body) => body.startsWith('{"data":'),
    cleanups,
  });

async function serverAt(scale) {
  const scratch = await createScratchDatabase(SERVER_URL, "pinjaman_bench_lender");
  cleanups.push(() => scratch.drop());
  log(`×${scale}: seeding a lender with ${INVESTMENTS} investments in a book of ${INVESTMENTS * scale} loans on PostgreSQL…`);
  const server = await startBenchServer({
    script: "bench/lender-statistics/server.ts",
    env: { DATABASE_URL: scratch.url, BENCH_SCALE: String(scale), BENCH_INVESTMENTS: String(INVESTMENTS) },
    cleanups,
  });
  const origin = `http://${HOST}:${server.port}`;
  log(`×${scale}: seeded in ${server.seedS.toFixed(1)} s (${server.investments} investments, ${server.invoices} invoices, ${server.repayments} investment repayments)`);
  for (const make of Object.values(CALLS)) {
    await check(origin, server.tokens[0], make(server.accountId));
    await runCalls(origin, server.tokens, make(server.accountId), WARMUP);
  }
  return { scale, origin, server };
}

/** Both books served at once, measured in alternating rounds per call; a p99 is the median of its rounds'. */
async function measure(targets) {
  const rows = [];
  for (const [name, make] of Object.entries(CALLS)) {
    const rounds = await alternatingRounds({
      targets,
      rounds: ROUNDS,
      label: name,
      log,
      run: (target) => runCalls(target.origin, target.server.tokens, make(target.server.accountId), Math.ceil(REQUESTS / ROUNDS)),
    });
    for (const { scale, server } of targets) {
      rows.push({
        call: name,
        scale,
        investments: server.investments,
        invoices: server.invoices,
        repayments: server.repayments,
        seedSeconds: Number(server.seedS.toFixed(1)),
        ...summariseRounds(rounds.get(scale)),
      });
    }
  }
  return rows;
}

async function main() {
  const startedAt = new Date();
  const targets = [];
  for (const scale of SCALES) targets.push(await serverAt(scale));
  const rows = await measure(targets);
  const cpu = cpus();
  console.log(
    `\n## Investment-account page calls, lender with ${INVESTMENTS} investments (PostgreSQL, ${REQUESTS} requests per call and book in ${ROUNDS} alternating rounds after ${WARMUP} to warm up, ${CONNECTIONS} connections, ${cpu.length} × ${cpu[0]?.model ?? "CPU"}, Node ${process.version})\n`,
  );
  for (const t of targets) console.log(`Book ×${t.scale}: ${t.server.investments} investments, ${t.server.invoices} invoices, ${t.server.repayments} investment repayments (seeded in ${t.server.seedS.toFixed(1)} s).`);
  console.log("\n| call | book | requests | p50 (ms) | p99 (ms) | requests/s | errors |");
  console.log("|---|---|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.call} | ×${r.scale} | ${r.requests} | ${r.p50Ms} | ${r.p99Ms} | ${r.requestsPerSecond.toFixed(1)} | ${r.errors} |`);
  const ratios = Object.keys(CALLS).map((call) => {
    const of = (scale) => rows.find((r) => r.call === call && r.scale === scale);
    const ratio = of(SCALES[SCALES.length - 1]).p99Ms / of(SCALES[0]).p99Ms;
    return { call, ratio: Number(ratio.toFixed(2)), met: ratio <= TARGET_RATIO };
  });
  console.log(`\nGrowth p99(×${SCALES[SCALES.length - 1]}) / p99(×${SCALES[0]}), target ≤ ${TARGET_RATIO}:`);
  for (const r of ratios) console.log(`- ${r.call}: ${r.ratio.toFixed(2)} (${r.met ? "met" : "not met"})`);
  await writeResults("lender-statistics", startedAt, {
    settings: { investments: INVESTMENTS, requests: REQUESTS, rounds: ROUNDS, warmup: WARMUP, connections: CONNECTIONS, node: process.version, cpus: cpu.length },
    results: rows,
    ratios,
    targetRatio: TARGET_RATIO,
  });
  if (rows.some((r) => r.errors > 0)) throw new Error("some calls failed");
}

await runGuarded(main, { log, stopping, cleanup });
