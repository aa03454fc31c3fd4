// What a benchmark's server process is made of (spawned by bench-server.mjs), on the PostgreSQL
// database DATABASE_URL, listening on BENCH_PORT (0: a free loopback port):
//
// - `startApp`: the Pinjaman API exactly as apps/api/src/app.ts builds it (production mode,
//   sandbox adapters, logging off), without the server-rendered site; `seed` may fill the fresh
//   database first and add to the BENCH_READY data.
// - `startBare`: the floor. Plain Fastify and a pg Pool of the app's size doing one UPDATE by
//   primary key.
// - `serve`: listens, prints `BENCH_READY {json}`, then serves until SIGTERM, when it prints
//   `BENCH_STATS {json}`: the SQL queries this process sent while listening (and their time), so
//   the bench can tell queries per request.
import { setTimeout as sleep } from "node:timers/promises";
import { openDb, type Db } from "@pinjaman/db";
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";

/**
 * openDb's default pool size (packages/db/src/open-db.ts: `max: options.poolSize ?? 10`), which
 * is what main.ts runs with. Given explicitly to both modes so they compete on equal terms.
 */
export const APP_POOL_SIZE = 10;

type Server = { listen(options: { host: string; port: number }): Promise<string>; close(): Promise<void>; server: { address(): unknown } };
export type BenchServer = { app: Server; ready: Record<string, unknown>; close: () => Promise<void> };

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL (postgres://…) is required");
  return url;
}

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

/** The API on DATABASE_URL, migrated; `seed` runs first when given. */
export async function startApp(seed?: (db: Db) => Promise<Record<string, unknown>>): Promise<BenchServer> {
  const config = loadConfig({ NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", SANDBOX: "1", LOG_LEVEL: "silent", DATABASE_URL: databaseUrl() });
  const database = await openDb({ url: config.databaseUrl, poolSize: APP_POOL_SIZE });
  await database.migrate();
  const ready = seed ? await seed(database.db) : {};
  const app = await buildApp({ db: database.db, config });
  return { app, ready, close: () => database.close() };
}

/**
 * `PATCH <path>/:id` running `sql` with `[id, ...values(body)]`; 404 unless exactly one row
 * was written.
 */
export async function startBare(path: string, sql: string, values: (body: unknown) => unknown[]): Promise<BenchServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: APP_POOL_SIZE });
  pool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
  const app = Fastify({ logger: false });
  app.patch<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
    const result = await pool.query(sql, [request.params.id, ...values(request.body)]);
    if (result.rowCount !== 1) return reply.status(404).send({ error: { code: "not_found" } });
    return { data: { id: request.params.id } };
  });
  return { app, ready: {}, close: () => pool.end() };
}

/** Listens on BENCH_PORT, prints BENCH_READY, and on SIGTERM/SIGINT prints BENCH_STATS and exits. */
export async function serve(mode: string, { app, ready, close }: BenchServer): Promise<void> {
  await app.listen({ host: "127.0.0.1", port: Number(process.env.BENCH_PORT ?? 0) });
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
}
