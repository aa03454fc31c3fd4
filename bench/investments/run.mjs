// `npm run bench:investments`: investments per second and their latency through
// `POST /app_api/v1/accounts/{id}/investments` with many lenders at once on a handful of open
// applications (each investment locks its application row), next to a bare Fastify route doing
// one UPDATE by primary key, on PostgreSQL, with autocannon on the loopback interface; then the
// books are checked (no application over-funded, no lender below zero, the ledger's invariants).
// Prints a Markdown table on stdout (progress goes to stderr) and writes
// bench/results/investments-<timestamp>.json. Exit 1 when the books are wrong. See
// bench/README.md ("Investments").
import { cpus } from "node:os";
import { randomUUID } from "node:crypto";
import { openDb } from "@pinjaman/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import { businessNow } from "../../apps/api/src/modules/business-clock/business-clock.ts";
import { invest as investInDatabase } from "../../apps/api/src/modules/funding/investment-service.ts";
import { ledgerInvariantViolations } from "../../apps/api/src/modules/ledger/ledger-invariants.ts";
import { createScratchDatabase } from "../../packages/db/src/scratch-database.ts";
import { startBenchServer } from "../lib/bench-server.mjs";
import { call, measureRow } from "../lib/load.mjs";
import { guardRun, runGuarded, writeResults } from "../lib/run-guard.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const LENDERS = Number(process.env.BENCH_LENDERS ?? 200);
const OPEN = Number(process.env.BENCH_OPEN_APPLICATIONS ?? 5);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 1000);
const APPLICATION_AMOUNT = Number(process.env.BENCH_APPLICATION_AMOUNT ?? 10_000_000);
const AMOUNT = 100_000;
const PORT = Number(process.env.BENCH_PORT ?? 0);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const INVEST_PATH = (accountId) => `/app_api/v1/accounts/${accountId}/investments`;
const BARE_PATH = "/bare/accounts";
const BARE_SQL = "UPDATE accounts SET payment_channel = $2 WHERE id = $1";
/** The investments per second may be at most half the bare UPDATE's requests per second. */
const TARGET_RATIO = 0.5;

const { log, cleanups, cleanup, stopping } = guardRun({ name: "bench:investments", timeoutMs: TIMEOUT_MS });

function startServer(env) {
  const nodeArgs = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const serverEnv = {
    ...env,
    BENCH_PORT: String(PORT),
    BENCH_LENDERS: String(LENDERS),
    BENCH_APPLICATIONS: String(APPLICATIONS),
    BENCH_APPLICATION_AMOUNT: String(APPLICATION_AMOUNT),
  };
  return startBenchServer({ script: "bench/investments/server.ts", env: serverEnv, nodeArgs, cleanups });
}

/**
 * The applications lenders invest in: `OPEN` at a time, each request a random one of them. One
 * that answers fully funded (`remaining` 0, or a 422 because others filled it meanwhile) is
 * replaced by the next unused one, so the run keeps measuring a handful of contended rows.
 */
function openApplications(ids) {
  const open = ids.slice(0, OPEN);
  let next = OPEN;
  let exhausted = false;
  return {
    pick: () => open[Math.floor(Math.random() * open.length)],
    retire(id) {
      const at = open.indexOf(id);
      if (at === -1) return;
      // Out of applications: the full one stays and answers 422 (a warning below the table).
      if (next >= ids.length) return void (exhausted = true);
      open[at] = ids[next++];
    },
    used: () => next,
    exhausted: () => exhausted,
  };
}

/** The investment row: lenders in round robin, Rp100.000 each time with a fresh key, into a random open application. */
function investLoad(lenders, applications, refusals) {
  let n = 0;
  return {
    method: "POST",
    setupRequest(context) {
      const lender = lenders[n++ % lenders.length];
      context.application = applications.pick();
      return {
        path: INVEST_PATH(lender.accountId),
        body: JSON.stringify({ data: { account_application_id: context.application, amount: AMOUNT, idempotency_key: `bench-${randomUUID()}` } }),
        headers: { "x-authorization": lender.token },
      };
    },
    onResponse(status, body, context) {
      if (status === 201) {
        if (JSON.parse(body).data.funding.remaining === 0) applications.retire(context.application);
      } else if (status === 422) {
        const error = JSON.parse(body).error;
        const reason = Object.values(error.fields ?? {})[0]?.[0] ?? error.message;
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        applications.retire(context.application);
      }
    },
    beforeRun: () => refusals.clear(),
  };
}

/**
 * The database's own ceiling, with no HTTP server: `workers` loops on one process's pool of the
 * app's size, each sending its next statement as soon as the last one answered, for `seconds`
 * after `warmupS`. The investment loop calls the service's `invest` (one `funding_invest`
 * statement, exactly what the route sends after the session and clock reads) for a random lender
 * in a random application of `applicationIds` (far more than the workers, so they seldom meet on
 * a row or fill one); the bare loop sends the bare route's UPDATE. Answers completed calls per
 * second and the calls refused (an investment's refusal, such as a filled application).
 */
async function databaseOnly({ databaseUrl, label, lenders, applicationIds, mode, workers, warmupS, seconds }) {
  const database = await openDb({ url: databaseUrl, poolSize: workers });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: workers });
  try {
    const owners = await database.db.execute(sql`select id, customer_id from accounts where id in ${lenders.map((l) => l.accountId)}`);
    const customerOf = new Map(owners.rows.map((row) => [row.id, row.customer_id]));
    const { date } = await businessNow(database.db, { sandbox: true });
    let k = 0;
    const once = async () => {
      const lender = lenders[k++ % lenders.length];
      if (mode === "bare") return pool.query(BARE_SQL, [lender.accountId, `bench-${k}`]);
      const applicationId = applicationIds[Math.floor(Math.random() * applicationIds.length)];
      return investInDatabase(database.db, { customerId: customerOf.get(lender.accountId), investmentAccountId: lender.accountId, applicationId, amount: AMOUNT, idempotencyKey: `bench-db-${randomUUID()}`, businessDate: date });
    };
    const loop = async (until, counts) => {
      while (Date.now() < until) await once().then(() => counts.done++, () => counts.refused++);
    };
    const run = async (s) => {
      const counts = { done: 0, refused: 0 };
      const until = Date.now() + s * 1000;
      await Promise.all(Array.from({ length: workers }, () => loop(until, counts)));
      return counts;
    };
    log(`${label}: warm-up ${warmupS} s, then ${workers} connections for ${seconds} s…`);
    await run(warmupS);
    const counts = await run(seconds);
    const row = { route: label, calls: counts.done, callsPerSecond: counts.done / seconds, refused: counts.refused };
    log(`${label}: ${row.calls} calls, ${row.callsPerSecond.toFixed(0)}/s, ${row.refused} refused`);
    return row;
  } finally {
    await pool.end();
    await database.close();
  }
}

/** The books after the run: over-funded applications, lenders below zero, ledger invariants. */
async function checkBooks(databaseUrl) {
  const database = await openDb({ url: databaseUrl, poolSize: 1 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const overFunded = await client.query(
      `select a.id, a.amount, sum(i.amount)::bigint as funded from account_applications a join investments i on i.account_application_id = a.id
       where i.status in ('pending', 'settled') group by a.id, a.amount having sum(i.amount) > a.amount`,
    );
    const belowZero = await client.query(
      `select id, account_id, credits_posted - debits_posted - debits_pending as available from ledger_accounts
       where kind = 'lender_funds' and credits_posted - debits_posted - debits_pending < 0`,
    );
    const counts = await client.query(
      `select count(*)::int as investments, count(distinct account_application_id)::int as applications,
       (select count(*)::int from account_applications where status = 'waiting_for_deadline') as fully_funded from investments`,
    );
    const violations = await ledgerInvariantViolations(database.db);
    return { overFunded: overFunded.rows, lendersBelowZero: belowZero.rows, ledgerViolations: violations, ...counts.rows[0] };
  } finally {
    await client.end();
    await database.close();
  }
}

async function main() {
  const startedAt = new Date();
  const scratch = await createScratchDatabase(SERVER_URL, "pinjaman_bench");
  cleanups.push(() => scratch.drop());
  log(`database ${scratch.name}: migrating, ${LENDERS} lenders with funds and sessions, ${APPLICATIONS} applications of Rp${APPLICATION_AMOUNT}…`);
  const seeder = await startServer({ BENCH_MODE: "app", BENCH_SEED: "1", DATABASE_URL: scratch.url });
  await seeder.stop();
  const { lenders, applications: ids } = seeder;

  const applications = openApplications(ids);
  const refusals = new Map();
  const load = investLoad(lenders, applications, refusals);
  const { row: invest } = await measureRow({
    label: `POST accounts/{id}/investments, ${OPEN} open applications`,
    start: () => startServer({ BENCH_MODE: "app", DATABASE_URL: scratch.url }),
    check: async (origin) => {
      const body = await call(origin, "POST", INVEST_PATH(lenders[0].accountId), { "x-authorization": lenders[0].token }, {
        data: { account_application_id: ids[0], amount: AMOUNT, idempotency_key: `bench-check-${randomUUID()}` },
      });
      if (body?.data?.investment?.status !== "pending") throw new Error(`the investment should be pending; got ${JSON.stringify(body).slice(0, 300)}`);
    },
    load,
    connections: CONNECTIONS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    log,
    cleanups,
  });
  const codes = invest.errorDetail.statusCodes;
  invest.investments = codes["201"]?.count ?? 0;
  invest.investmentsPerSecond = invest.investments / DURATION_S;
  invest.fullyFunded422 = codes["422"]?.count ?? 0;
  invest.refusals422 = Object.fromEntries(refusals);
  invest.otherErrors = invest.errors - invest.fullyFunded422;
  invest.applicationsUsed = applications.used();
  invest.applicationsExhausted = applications.exhausted();

  // The unused applications: the database-only investments spread over them (see databaseOnly).
  const unused = ids.slice(applications.used());
  const databaseLoop = { databaseUrl: scratch.url, lenders, applicationIds: unused, workers: seeder.poolSize, warmupS: WARMUP_S, seconds: DURATION_S };
  const investInDb = await databaseOnly({ ...databaseLoop, label: "funding_invest through the service, no HTTP", mode: "invest" });

  log("checking the books…");
  const books = await checkBooks(scratch.url);
  const booksWrong = books.overFunded.length + books.lendersBelowZero.length + books.ledgerViolations.length > 0;

  let n = 0;
  const { row: bare } = await measureRow({
    label: "bare Fastify + pg: one UPDATE by id",
    start: () => startServer({ BENCH_MODE: "bare", DATABASE_URL: scratch.url }),
    check: async (origin) => {
      const body = await call(origin, "PATCH", `${BARE_PATH}/${lenders[0].accountId}`, {}, { data: { channel: "bench-check" } });
      if (body?.data?.id !== lenders[0].accountId) throw new Error(`the bare route should answer the id; got ${JSON.stringify(body)}`);
    },
    load: {
      method: "PATCH",
      setupRequest: () => {
        const k = n++;
        return { path: `${BARE_PATH}/${lenders[k % lenders.length].accountId}`, body: JSON.stringify({ data: { channel: `bench-${k}` } }), headers: {} };
      },
    },
    connections: CONNECTIONS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    log,
    cleanups,
  });
  const ratio = invest.investmentsPerSecond / bare.requestsPerSecond;
  const bareInDb = await databaseOnly({ ...databaseLoop, label: "the bare UPDATE, no HTTP", mode: "bare" });
  const databaseRatio = investInDb.callsPerSecond / bareInDb.callsPerSecond;

  const line = (cells) => `| ${cells.join(" | ")} |`;
  const header = ["Route", "Requests", "Investments/s (201)", "Requests/s", "p50 (ms)", "p99 (ms)", "422 (fully funded)", "Other errors", "Queries/request", `vs bare (target ≥ ${TARGET_RATIO * 100} %)`];
  const queries = (r) => (r.queriesPerRequest === null ? "n/a" : r.queriesPerRequest.toFixed(2));
  const table = [
    line(header),
    line(header.map(() => "---")),
    line([invest.route, invest.requests, invest.investmentsPerSecond.toFixed(0), invest.requestsPerSecond.toFixed(0), invest.p50Ms, invest.p99Ms, invest.fullyFunded422, invest.otherErrors, queries(invest), `${(ratio * 100).toFixed(0)} % ${ratio >= TARGET_RATIO ? "pass" : "FAIL"}`]),
    line([bare.route, bare.requests, "–", bare.requestsPerSecond.toFixed(0), bare.p50Ms, bare.p99Ms, "–", bare.errors, queries(bare), "100 % (reference)"]),
  ];
  const cpu = cpus();
  console.log(`\n## Investments (PostgreSQL, ${CONNECTIONS} connections, ${LENDERS} lenders, ${OPEN} open applications of Rp${APPLICATION_AMOUNT}, Rp${AMOUNT} each, ${DURATION_S} s after ${WARMUP_S} s warm-up, pool ${seeder.poolSize}, ${cpu.length} × ${cpu[0]?.model ?? "CPU"}, Node ${process.version})\n`);
  console.log(table.join("\n"));
  const dbHeader = ["Database only (no HTTP)", "Calls", "Calls/s", "Refused", "vs the bare UPDATE"];
  console.log(`\nThe database's ceiling: ${seeder.poolSize} connections of one process each sending its next statement when the last answered, investments over the ${unused.length} unused applications.\n`);
  console.log(
    [
      line(dbHeader),
      line(dbHeader.map(() => "---")),
      line([investInDb.route, investInDb.calls, investInDb.callsPerSecond.toFixed(0), investInDb.refused, `${(databaseRatio * 100).toFixed(0)} %`]),
      line([bareInDb.route, bareInDb.calls, bareInDb.callsPerSecond.toFixed(0), bareInDb.refused, "100 % (reference)"]),
    ].join("\n"),
  );
  console.log(`\n422 answers by reason: ${JSON.stringify(invest.refusals422)}; ${invest.applicationsUsed} applications opened, ${books.fully_funded} fully funded.`);
  if (applications.exhausted()) console.log(`WARNING: all ${ids.length} applications were used up; the 422 count includes requests to full ones. Raise BENCH_APPLICATIONS.`);
  console.log(
    `Books: ${books.investments} investments in ${books.applications} applications; over-funded applications ${books.overFunded.length}, lenders below zero ${books.lendersBelowZero.length}, ledger invariant violations ${books.ledgerViolations.length}.`,
  );
  if (booksWrong) {
    for (const row of books.overFunded) console.log(`OVER-FUNDED application ${row.id}: amount ${row.amount}, funded ${row.funded}`);
    for (const row of books.lendersBelowZero) console.log(`BELOW ZERO lender_funds ${row.id} (account ${row.account_id}): available ${row.available}`);
    for (const violation of books.ledgerViolations) console.log(`LEDGER: ${violation}`);
  }

  const report = {
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
    settings: {
      investPath: "POST /app_api/v1/accounts/{id}/investments",
      barePath: `PATCH ${BARE_PATH}/{id}`,
      bareSql: BARE_SQL,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      lenders: LENDERS,
      openApplications: OPEN,
      applications: APPLICATIONS,
      applicationAmount: APPLICATION_AMOUNT,
      investmentAmount: AMOUNT,
      poolSize: seeder.poolSize,
      targetRatio: TARGET_RATIO,
      node: process.version,
      cpus: cpu.length,
      cpuModel: cpu[0]?.model,
    },
    results: { invest, bare, ratio, databaseOnly: { invest: investInDb, bare: bareInDb, ratio: databaseRatio } },
    books,
  };
  await writeResults("investments", startedAt, report);
  if (booksWrong) throw new Error("the books are wrong after the run (see above)");
}

await runGuarded(main, { log, stopping, cleanup });
