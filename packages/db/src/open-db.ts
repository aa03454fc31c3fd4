import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as appSchema from "./schema.ts";
import * as authSchema from "./auth-schema.ts";
import * as addressSchema from "./address-schema.ts";
import * as flowSchema from "./flow-schema.ts";
import * as loanSchema from "./loan-schema.ts";

/** Every table, for typed queries. */
export const schema = { ...appSchema, ...authSchema, ...addressSchema, ...flowSchema, ...loanSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /** "postgres" for a server through DATABASE_URL, "pglite" for the embedded one. */
  kind: "postgres" | "pglite";
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

export type OpenDbOptions = {
  /** postgres://… uses PostgreSQL; unset uses PGlite. */
  url?: string | undefined;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /** An already opened PGlite (a clone of a migrated template in tests). */
  pglite?: PGlite;
  poolSize?: number;
  /**
   * Told when an idle pooled connection fails (the server restarted or terminated it). The pool
   * drops that connection and opens a new one for the next query; without a listener node-postgres
   * would crash the process.
   */
  onIdleConnectionError?: (error: Error) => void;
};

export async function openDb(options: OpenDbOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const onIdleError = options.onIdleConnectionError ?? ((error: Error) => console.warn(`database connection lost: ${error.message}`));
    pool.on("error", onIdleError);
    // Fail fast with the server's own message rather than on the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dataDir = options.dataDir ?? "./.data/pglite";
    if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(dataDir);
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
    close: () => pglite.close(),
  };
}
