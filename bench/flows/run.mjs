// `npm run bench:flows`: saves per second and their latency through the flow engine's
// `PATCH /app_api/v1/flow_progresses/{id}` (the call every field change of a flow step makes),
// next to a bare Fastify route doing only the one UPDATE such a save needs, on PostgreSQL, with
// autocannon on the loopback interface. Each measurement runs against its own server process.
// Prints a Markdown table on stdout (progress goes to stderr) and writes
// bench/results/flows-<timestamp>.json. See bench/README.md ("Flows").
import { cpus } from "node:os";
import { createScratchDatabase } from "../../packages/db/src/scratch-database.ts";
import { startBenchServer } from "../lib/bench-server.mjs";
import { call, measureRow } from "../lib/load.mjs";
import { guardRun, runGuarded, writeResults } from "../lib/run-guard.mjs";

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

/**
 * One row against a fresh server process in `mode`, round robin over the progresses: with 4× more
 * progresses than connections no row is written by two requests at once, like separate people
 * filling in their steps.
 */
async function measure({ label, mode, path, holders, databaseUrl, check }) {
  let next = 0;
  const { row } = await measureRow({
    label,
    start: () => startServer({ BENCH_MODE: mode, DATABASE_URL: databaseUrl }),
    check: async (origin) => check(await call(origin, "PATCH", `${path}/${holders[0].id}`, holders[0].headers, JSON.parse(saveBody(7)))),
    load: {
      method: "PATCH",
      setupRequest: () => {
        const n = next++;
        const holder = holders[n % holders.length];
        return { path: `${path}/${holder.id}`, body: saveBody(n), headers: holder.headers };
      },
    },
    connections: CONNECTIONS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    log,
    cleanups,
  });
  return { mode, ...row };
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
  const { anonymous, customers } = await startProgresses(`http://127.0.0.1:${seeder.port}`, seeder.tokens);
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
      bareSql: "UPDATE flow_progresses SET values = values || $2::jsonb, updated_at = now() WHERE id = $1",
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
