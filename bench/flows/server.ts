// The flow bench's server process, in one of two modes (BENCH_MODE), on the PostgreSQL database
// DATABASE_URL, listening on BENCH_PORT (0: a free loopback port):
//
// - `app`: the Pinjaman API exactly as apps/api/src/app.ts builds it (production mode, sandbox
//   adapters, logging off), without the server-rendered site, which the flow calls do not touch.
//   With BENCH_SEED=1 it first fills the fresh database: the sandbox products and
//   BENCH_CUSTOMERS customers, each with a primary role and a session (their tokens are printed).
// - `bare`: the floor. Plain Fastify and a pg Pool of the app's size doing the one UPDATE a
//   flow PATCH cannot do without, by primary key, on the same rows.
//
// Prints one line `BENCH_READY {json}`, then serves until SIGTERM, when it prints
// `BENCH_STATS {json}`: the SQL queries this process sent while listening (and their time),
// so the bench can tell queries per request.
import { setTimeout as sleep } from "node:timers/promises";
import { openDb, schema, seedSandbox } from "@pinjaman/db";
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";
import { sessionFor } from "../../apps/api/src/modules/identity/test-sessions.ts";

/**
 * openDb's default pool size (packages/db/src/open-db.ts: `max: options.poolSize ?? 10`), which
 * is what main.ts runs with. Given explicitly to both modes so they compete on equal terms.
 */
export const APP_POOL_SIZE = 10;

const mode = process.env.BENCH_MODE ?? "app";
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL (postgres://…) is required");
const port = Number(process.env.BENCH_PORT ?? 0);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 200);

// Every query of this process goes through pg.Client#query (drizzle and the bare route alike):
// counting there costs two additions per query and tells how many a request needs.
const stats = { queries: 0, queryMs: 0, counting: false };
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  if (!stats.counting) return originalQuery.apply(this, args);
  stats.queries++;
  const t0 = performance.now();
  const done = () => {
    stats.queryMs += performance.now() - t0;
  };
  // pg-pool's query passes a callback; drizzle awaits the returned promise.
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === "function") {
    args[last] = (...results: unknown[]) => {
      done();
      return (callback as (...r: unknown[]) => unknown)(...results);
    };
    return originalQuery.apply(this, args);
  }
  const result = originalQuery.apply(this, args);
  if (result instanceof Promise) void result.then(done, done);
  return result;
} as typeof pg.Client.prototype.query;

type Server = { listen(options: { host: string; port: number }): Promise<string>; close(): Promise<void>; server: { address(): unknown } };

async function startApp(): Promise<{ app: Server; ready: Record<string, unknown>; close: () => Promise<void> }> {
  const config = loadConfig({ NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", SANDBOX: "1", LOG_LEVEL: "silent", DATABASE_URL: databaseUrl });
  const database = await openDb({ url: config.databaseUrl, poolSize: APP_POOL_SIZE });
  await database.migrate();
  const ready: Record<string, unknown> = {};
  if (process.env.BENCH_SEED === "1") {
    await seedSandbox(database.db);
    const rows = Array.from({ length: customerCount }, (_, i) => {
      const n = String(i + 1).padStart(4, "0");
      // No password: the bench logs them in by session, never through the login call.
      return { name: `Nasabah Bench ${n}`, email: `flow-bench-${n}@pinjaman.test` };
    });
    const customers = await database.db.insert(schema.customers).values(rows).returning({ id: schema.customers.id, email: schema.customers.email });
    await database.db.insert(schema.customerRoles).values(customers.map((c) => ({ customerId: c.id, typeKey: "primary" as const })));
    const tokens: string[] = [];
    for (const c of customers) tokens.push((await sessionFor(database.db, c.email)).token);
    ready.tokens = tokens;
  }
  const app = await buildApp({ db: database.db, config });
  return { app, ready, close: () => database.close() };
}

async function startBare(): Promise<{ app: Server; ready: Record<string, unknown>; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: APP_POOL_SIZE });
  pool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
  const app = Fastify({ logger: false });
  app.patch<{ Params: { id: string }; Body: { data: { values: Record<string, unknown> } } }>("/bare/flow_progresses/:id", async (request, reply) => {
    const result = await pool.query("UPDATE flow_progresses SET values = values || $1::jsonb, updated_at = now() WHERE id = $2", [
      JSON.stringify(request.body.data.values),
      request.params.id,
    ]);
    if (result.rowCount !== 1) return reply.status(404).send({ error: { code: "not_found" } });
    return { data: { id: request.params.id } };
  });
  return { app, ready: {}, close: () => pool.end() };
}

const { app, ready, close } = mode === "bare" ? await startBare() : await startApp();
await app.listen({ host: "127.0.0.1", port });
const address = app.server.address();
const listening = typeof address === "object" && address ? (address as { port: number }).port : 0;
stats.counting = true;
console.log(`BENCH_READY ${JSON.stringify({ mode, port: listening, poolSize: APP_POOL_SIZE, ...ready })}`);

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  stats.counting = false;
  console.log(`BENCH_STATS ${JSON.stringify({ queries: stats.queries, queryMs: Math.round(stats.queryMs) })}`);
  await app.close();
  // Requests whose client hung up when the run ended may still be running: let them finish
  // before the pool goes away.
  await sleep(1000);
  await close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
