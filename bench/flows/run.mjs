/* global fetch, AbortSignal */
// `npm run bench:flows`: saves per second and their latency through the flow engine's
// `PATCH /app_api/v1/flow_progresses/{id}` (the call every field change of a flow step makes),
// next to a bare Fastify route doing only the one UPDATE such a save needs, on PostgreSQL, with
// autocannon on the loopback interface. Each measurement runs against its own server process.
// Prints a Markdown table on stdout (progress goes to stderr) and writes
// bench/results/flows-<timestamp>.json. See bench/README.md ("Flows").
import { cpus } from "node:os";
import autocannon from "autocannon";
import { createScratchDatabase } from "../../packages/db/src/scratch-database.ts";
import { startBenchServer } from "../lib/bench-server.mjs";
import { guardRun, runGuarded, writeResults } from "../lib/run-guard.mjs";

const HOST = "127.0.0.1";
const APP_PATH = "/app_api/v1/flow_progresses";
const BARE_PATH = "/bare/flow_progresses";
const START_PATH = "/flows/spl_onboarding/flow_progresses";
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PROGRESSES = Number(process.env.BENCH_PROGRESSES ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 0);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);
// A directory: every server process writes a V8 CPU profile there (open it in Chrome DevTools).
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
/** The app's save may take at most twice the bare UPDATE's time per request. */
const TARGET_RATIO = 0.5;

// Everything started is stopped in reverse order, on success, failure, signal or timeout.
const { log, cleanups, cleanup, stopping } = guardRun({ name: "bench:flows", timeoutMs: TIMEOUT_MS });

/** A fresh database on the BENCH_DATABASE_URL server, dropped at cleanup once its connections are gone. */
async function freshPostgres(serverUrl) {
  const scratch = await createScratchDatabase(serverUrl, "pinjaman_bench");
  cleanups.push(() => scratch.drop());
  return scratch;
}

/** Starts bench/flows/server.ts; `stop()` resolves with its BENCH_STATS. */
function startServer(env) {
  const nodeArgs = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const serverEnv = { ...env, BENCH_PORT: String(PORT), BENCH_CUSTOMERS: String(PROGRESSES) };
  return startBenchServer({ script: "bench/flows/server.ts", env: serverEnv, nodeArgs, cleanups });
}

async function call(origin, method, path, headers, body) {
  const response = await fetch(origin + path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Starts one spl_onboarding progress per holder through the real calls; each stays on the calculator step. */
async function startProgresses(origin, tokens) {
  const anonymous = [];
  const customers = [];
  for (let i = 0; i < PROGRESSES; i += 10) {
    const batch = Array.from({ length: Math.min(10, PROGRESSES - i) }, (_, k) => i + k);
    const made = await Promise.all(
      batch.map(async (n) => {
        const visitor = await call(origin, "POST", `/pub_api/v1/open${START_PATH}`, {}, { data: {} });
        const own = await call(origin, "POST", `/app_api/v1${START_PATH}`, { "x-authorization": tokens[n] }, { data: {} });
        for (const p of [visitor, own]) if (p.data.step.key !== "calculator") throw new Error(`a new progress should be on the calculator step, not ${p.data.step.key}`);
        return { visitor: { id: visitor.data.id, headers: { "x-locale": "id" } }, own: { id: own.data.id, headers: { "x-authorization": tokens[n] } } };
      }),
    );
    for (const m of made) {
      anonymous.push(m.visitor);
      customers.push(m.own);
    }
  }
  return { anonymous, customers };
}

/** The n-th save's values: every amount and term of the calculator in turn (the PATCH only shape-checks them). */
function saveBody(n) {
  return JSON.stringify({ data: { values: { amount: 500_000 * (1 + (n % 40)), term: 1 + (n % 12) } } });
}

function runAutocannon(origin, path, holders, durationS) {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: durationS,
        timeout: 30,
        requests: [
          {
            method: "PATCH",
            // Round robin over the progresses: with 4× more progresses than connections no row
            // is written by two requests at once, like separate people filling in their steps.
            setupRequest: (request) => {
              const n = next++;
              const holder = holders[n % holders.length];
              return {
                ...request,
                path: `${path}/${holder.id}`,
                body: saveBody(n),
                headers: { ...request.headers, "content-type": "application/json", ...holder.headers },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    cleanups.push(() => instance.stop());
  });
}

/**
 * One row: a fresh server process in `mode`, one checked save, a warm-up (not counted: the first
 * seconds run on cold JIT and an empty connection pool), then the measured run.
 */
async function measure({ label, mode, path, holders, databaseUrl, check }) {
  const server = await startServer({ BENCH_MODE: mode, DATABASE_URL: databaseUrl });
  const origin = `http://${HOST}:${server.port}`;
  const first = holders[0];
  const checked = await call(origin, "PATCH", `${path}/${first.id}`, first.headers, JSON.parse(saveBody(7)));
  check(checked);
  log(`${label}: warm-up ${WARMUP_S} s, then ${CONNECTIONS} connections for ${DURATION_S} s…`);
  const warmup = WARMUP_S > 0 ? await runAutocannon(origin, path, holders, WARMUP_S) : null;
  const result = await runAutocannon(origin, path, holders, DURATION_S);
  const stats = await server.stop();
  const sent = 1 + (warmup?.requests.sent ?? 0) + result.requests.sent;
  const errors = result.non2xx + result.errors + result.timeouts;
  const row = {
    route: label,
    mode,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors,
    errorDetail: { non2xx: result.non2xx, socketErrors: result.errors, timeouts: result.timeouts, statusCodes: result.statusCodeStats },
    responseBytes: result.throughput.total / Math.max(1, result.requests.total),
    // Counted in the server over the check, the warm-up and the run, per request sent.
    queriesPerRequest: stats ? stats.queries / sent : null,
    queryMsPerRequest: stats ? stats.queryMs / sent : null,
  };
  log(`${label}: ${row.requests} requests, ${row.requestsPerSecond.toFixed(0)}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${errors} errors`);
  return row;
}

const isStepView = (key) => (body) => {
  if (body?.data?.step?.key !== key) throw new Error(`the save should answer the ${key} step view; got ${JSON.stringify(body).slice(0, 300)}`);
};

async function main() {
  if (PROGRESSES < CONNECTIONS * 4) throw new Error("BENCH_PROGRESSES must be at least 4 × BENCH_CONNECTIONS");
  const startedAt = new Date();
  const database = await freshPostgres(SERVER_URL);
  log(`database ${database.name}: migrating, ${PROGRESSES} customers with sessions, ${PROGRESSES} + ${PROGRESSES} progresses…`);
  const seeder = await startServer({ BENCH_MODE: "app", BENCH_SEED: "1", DATABASE_URL: database.url });
  const { anonymous, customers } = await startProgresses(`http://${HOST}:${seeder.port}`, seeder.tokens);
  await seeder.stop();

  const rows = [];
  rows.push(await measure({ label: "bare Fastify + pg: one UPDATE by id", mode: "bare", path: BARE_PATH, holders: anonymous, databaseUrl: database.url, check: (b) => b.data.id }));
  rows.push(await measure({ label: "PATCH flow_progresses/{id}, visitor", mode: "app", path: APP_PATH, holders: anonymous, databaseUrl: database.url, check: isStepView("calculator") }));
  rows.push(await measure({ label: "PATCH flow_progresses/{id}, logged in", mode: "app", path: APP_PATH, holders: customers, databaseUrl: database.url, check: isStepView("calculator") }));
  const bare = rows[0];
  for (const row of rows) row.vsBare = row.requestsPerSecond / bare.requestsPerSecond;

  const header = ["Route", "Requests", "Requests/s", "p50 (ms)", "p99 (ms)", "Errors", "Queries/request", "Response (bytes)", `vs bare (target ≥ ${TARGET_RATIO * 100} %)`];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  const table = [line(header), line(header.map(() => "---"))];
  for (const r of rows) {
    const ratio = r === bare ? "100 % (reference)" : `${(r.vsBare * 100).toFixed(0)} % ${r.vsBare >= TARGET_RATIO ? "pass" : "FAIL"}`;
    const queries = r.queriesPerRequest === null ? "n/a" : r.queriesPerRequest.toFixed(2);
    table.push(line([r.route, r.requests, r.requestsPerSecond.toFixed(0), r.p50Ms, r.p99Ms, r.errors, queries, Math.round(r.responseBytes), ratio]));
  }
  const cpu = cpus();
  console.log(`\n## Flow saves (PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, ${PROGRESSES} progresses per row, pool ${seeder.poolSize}, ${cpu.length} × ${cpu[0]?.model ?? "CPU"}, Node ${process.version})\n`);
  console.log(table.join("\n"));
  const failing = rows.filter((r) => r !== bare && r.vsBare < TARGET_RATIO).length;
  const withErrors = rows.filter((r) => r.errors > 0).length;
  console.log(`\n${rows.length - 1 - failing} of ${rows.length - 1} ratio targets met; ${withErrors === 0 ? "no errors" : `${withErrors} rows with errors`}.`);

  const report = {
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
    settings: {
      appPath: `PATCH ${APP_PATH}/{id}`,
      barePath: `PATCH ${BARE_PATH}/{id}`,
      bareSql: "UPDATE flow_progresses SET values = values || $1::jsonb, updated_at = now() WHERE id = $2",
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      progresses: PROGRESSES,
      poolSize: seeder.poolSize,
      targetRatio: TARGET_RATIO,
      node: process.version,
      cpus: cpu.length,
      cpuModel: cpu[0]?.model,
    },
    results: rows,
  };
  await writeResults("flows", startedAt, report);
}

await runGuarded(main, { log, stopping, cleanup });
