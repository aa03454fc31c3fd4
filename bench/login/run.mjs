/* global fetch, AbortSignal */
// `npm run bench:login`: logins per second and their latency through the real login call
// (POST /authy_api/v1/authentication_methods/emailpass/authentications) of a Pinjaman API
// process, with autocannon on the loopback interface. Every login is a right password from a
// device the customer has already confirmed, spread over many accounts, so each one does the
// whole successful path: throttle hits, one argon2id verification, the session, the audit row.
// Prints a Markdown table on stdout (progress goes to stderr) and writes
// bench/results/login-<timestamp>.json. See bench/README.md ("Login").
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { hash, verify } from "@node-rs/argon2";
import autocannon from "autocannon";
import { ARGON2_OPTIONS } from "../../apps/api/src/modules/accounts/passwords.ts";
import { createScratchDatabase } from "../../packages/db/src/scratch-database.ts";
import { join } from "node:path";
import { startBenchServer } from "../lib/bench-server.mjs";
import { guardRun, median, runGuarded, writeResults } from "../lib/run-guard.mjs";

const HOST = "127.0.0.1";
const LOGIN_PATH = "/authy_api/v1/authentication_methods/emailpass/authentications";
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const HASH_SAMPLES = Number(process.env.BENCH_HASH_SAMPLES ?? 20);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);
// The login IP throttle (20 hits per 15 min, a success takes its hit back) counts logins in
// flight from the one bench IP: more connections than that would measure refusals.
const IP_THROTTLE_LIMIT = 20;


// Everything started is stopped in reverse order, on success, failure, signal or timeout.
const { log, cleanups, cleanup, stopping } = guardRun({ name: "bench:login", timeoutMs: TIMEOUT_MS });


/** One argon2id hash and one verification with the production parameters, on an idle process. */
async function hashTiming() {
  const password = "Pinjaman-Bench-2026";
  const stored = await hash(password, ARGON2_OPTIONS); // warm-up
  const hashMs = [];
  const verifyMs = [];
  for (let i = 0; i < HASH_SAMPLES; i++) {
    let t0 = performance.now();
    await hash(password, ARGON2_OPTIONS);
    hashMs.push(performance.now() - t0);
    t0 = performance.now();
    if (!(await verify(stored, password))) throw new Error("argon2id verification failed");
    verifyMs.push(performance.now() - t0);
  }
  return { samples: HASH_SAMPLES, hashMedianMs: median(hashMs), verifyMedianMs: median(verifyMs), hashMinMs: Math.min(...hashMs), hashMaxMs: Math.max(...hashMs) };
}

/** A fresh PostgreSQL database on the BENCH_DATABASE_URL server, dropped at cleanup. */
async function freshPostgres(serverUrl) {
  const scratch = await createScratchDatabase(serverUrl, "pinjaman_bench");
  cleanups.push(() => scratch.drop());
  return scratch.url;
}

/** Starts bench/login/server.ts; resolves with its port and accounts. */
function startServer(env) {
  return startBenchServer({ script: "bench/login/server.ts", env: { ...env, BENCH_ACCOUNTS: String(ACCOUNTS) }, cleanups });
}

function loginRequest(account, password) {
  return {
    body: JSON.stringify({ data: { email: account.email, password } }),
    headers: { "content-type": "application/json", "x-locale": "id", cookie: `device_key=${account.deviceKey}` },
  };
}

/** One login before the run: the route exists and answers a session without a second factor. */
async function checkLogin(origin, account, password) {
  const request = loginRequest(account, password);
  const response = await fetch(origin + LOGIN_PATH, { method: "POST", ...request, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let status = null;
  try {
    status = JSON.parse(text)?.data?.status ?? null;
  } catch {
    // reported below
  }
  if (!response.ok || status !== "authenticated") {
    throw new Error(
      `a known-device login should answer 2xx with data.status "authenticated"; got ${response.status}: ${text.slice(0, 300)}` +
        (response.status === 404 ? " (is the authy_api login route registered in apps/api/src/app.ts?)" : ""),
    );
  }
  return response.status;
}

function runAutocannon(origin, accounts, password) {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: DURATION_S,
        timeout: 30,
        requests: [
          {
            method: "POST",
            path: LOGIN_PATH,
            // Round robin over the accounts: one account is logged into again only after every
            // other one, so the per-account throttle never sees two logins of it at once.
            setupRequest: (request) => {
              const account = accounts[next++ % accounts.length];
              const { body, headers } = loginRequest(account, password);
              return { ...request, body, headers: { ...request.headers, ...headers } };
            },
          },
        ],
        // A 2xx that is not a finished login (e.g. a second factor asked) counts as a mismatch.
        verifyBody: (body) => body.includes('"status":"authenticated"'),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    cleanups.push(() => instance.stop());
  });
}

async function measureOn(kind, env) {
  log(`${kind}: starting the API with ${ACCOUNTS} accounts (one argon2id hash each)…`);
  const t0 = Date.now();
  const server = await startServer(env);
  const origin = `http://${HOST}:${server.port}`;
  log(`${kind}: ready at ${origin} after ${((Date.now() - t0) / 1000).toFixed(1)} s; checking one login…`);
  const checkStatus = await checkLogin(origin, server.accounts[0], server.password);
  log(`${kind}: ${CONNECTIONS} connections for ${DURATION_S} s…`);
  const result = await runAutocannon(origin, server.accounts.slice(1), server.password);
  await server.stop();
  const errors = result.non2xx + result.errors + result.timeouts + result.mismatches;
  const row = {
    database: kind,
    checkStatus,
    requests: result.requests.total,
    ok: result["2xx"] - result.mismatches,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requestsPerSecond: result.requests.average,
    errors,
    errorDetail: { non2xx: result.non2xx, socketErrors: result.errors, timeouts: result.timeouts, mismatches: result.mismatches, statusCodes: result.statusCodeStats },
  };
  log(`${kind}: ${row.requests} logins, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.requestsPerSecond.toFixed(1)}/s, ${errors} errors`);
  return row;
}

async function main() {
  if (CONNECTIONS >= IP_THROTTLE_LIMIT) throw new Error(`BENCH_CONNECTIONS must stay below the login IP limit (${IP_THROTTLE_LIMIT})`);
  if (ACCOUNTS < CONNECTIONS * 4) throw new Error("BENCH_ACCOUNTS must be at least 4 × BENCH_CONNECTIONS");
  const startedAt = new Date();
  const tmp = await mkdtemp(join(tmpdir(), "pinjaman-bench-login-"));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));

  log(`argon2id: ${HASH_SAMPLES} hashes and verifications…`);
  const timing = await hashTiming();

  const rows = [await measureOn("PGlite", { PGLITE_DIR: join(tmp, "pglite"), DATABASE_URL: "" })];
  if (POSTGRES_URL) rows.push(await measureOn("PostgreSQL", { DATABASE_URL: await freshPostgres(POSTGRES_URL) }));

  const params = `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`;
  const header = ["Database", "Logins", "p50 (ms)", "p99 (ms)", "Requests/s", "Errors"];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  const table = [line(header), line(header.map(() => "---"))];
  for (const r of rows) table.push(line([r.database, r.requests, r.p50Ms, r.p99Ms, r.requestsPerSecond.toFixed(1), r.errors]));

  const cpu = cpus();
  console.log(`\n## Login (${CONNECTIONS} connections, ${DURATION_S} s, ${ACCOUNTS} accounts, ${cpu.length} × ${cpu[0]?.model ?? "CPU"}, Node ${process.version})\n`);
  console.log(table.join("\n"));
  console.log(`\nPassword hashing: ${params}. One hash on an idle process: ${timing.hashMedianMs.toFixed(1)} ms, one verification: ${timing.verifyMedianMs.toFixed(1)} ms (medians of ${timing.samples}).`);

  const report = {
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
    settings: { path: LOGIN_PATH, connections: CONNECTIONS, durationS: DURATION_S, accounts: ACCOUNTS, node: process.version, cpus: cpu.length, cpuModel: cpu[0]?.model },
    argon2: { algorithm: "argon2id", ...ARGON2_OPTIONS, ...timing },
    results: rows,
  };
  await writeResults("login", startedAt, report);
}

await runGuarded(main, { log, stopping, cleanup });
