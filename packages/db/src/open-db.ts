import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as appSchema from "./schema.ts";
import * as authSchema from "./auth-schema.ts";
import * as addressSchema from "./address-schema.ts";
import * as flowSchema from "./flow-schema.ts";
import * as loanSchema from "./loan-schema.ts";
import * as statusSchema from "./status-schema.ts";
import * as clockSchema from "./clock-schema.ts";
import * as ledgerSchema from "./ledger-schema.ts";
import * as invoiceSchema from "./invoice-schema.ts";
import * as investmentSchema from "./investment-schema.ts";
import * as disbursalSchema from "./disbursal-schema.ts";
import * as paymentSchema from "./payment-schema.ts";
import * as withdrawalSchema from "./withdrawal-schema.ts";
import * as autoinvestSchema from "./autoinvest-schema.ts";
import * as apiKeySchema from "./api-key-schema.ts";
import * as insuranceSchema from "./insurance-schema.ts";
import * as staffSchema from "./staff-schema.ts";
import * as backOfficeLoansSchema from "./back-office-loans-schema.ts";
import * as deliverySchema from "./delivery-schema.ts";
import * as refinancingSchema from "./refinancing-schema.ts";
import * as customerCareSchema from "./customer-care-schema.ts";
import * as settingsSchema from "./settings-schema.ts";
import { lockDataDir, type DataDirLock } from "./data-dir-lock.ts";

/** Every table, for typed queries. */
export const schema = { ...appSchema, ...authSchema, ...addressSchema, ...flowSchema, ...loanSchema, ...statusSchema, ...clockSchema, ...ledgerSchema, ...invoiceSchema, ...investmentSchema, ...disbursalSchema, ...paymentSchema, ...withdrawalSchema, ...autoinvestSchema, ...apiKeySchema, ...insuranceSchema, ...staffSchema, ...backOfficeLoansSchema, ...deliverySchema, ...refinancingSchema, ...customerCareSchema, ...settingsSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /** "postgres" for a server through DATABASE_URL, "pglite" for the embedded one. */
  kind: "postgres" | "pglite";
  /** What the job runner (pg-boss) connects through: its own pool on the same URL, or the one PGlite. */
  connection: { kind: "postgres"; url: string } | { kind: "pglite"; pglite: PGlite };
  migrate(): Promise<void>;
  close(): Promise<void>;
};

// Found through the package, not this file's location: the same from the source and from the
// server's bundle (apps/api/dist/main.js).
const migrationsFolder = join(dirname(createRequire(import.meta.url).resolve("@pinjaman/db")), "../migrations");

/**
 * Whether the database answers and has every migration of this build applied (the readiness
 * check): drizzle records each applied migration with its folder timestamp.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const latest = migrations.at(-1)?.folderMillis ?? 0;
  const result = (await db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { applied: string | number | null }[];
  };
  return Number(result.rows[0]?.applied ?? 0) >= latest;
}

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

/** The advisory lock key of the migrations ("pjmigr" in ASCII): one per database. */
const MIGRATION_LOCK = 0x706a6d696772;

/**
 * Several instances starting together (a deploy behind a proxy) all migrate at start: on one
 * session holding a PostgreSQL advisory lock, so one applies the migrations and the others wait,
 * then find nothing left to apply (racing, they fail on drizzle's own CREATE TABLE).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

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
      connection: { kind: "postgres", url: options.url },
      migrate: () => migrateLocked(pool),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  let lock: DataDirLock | undefined;
  if (!client) {
    const dataDir = options.dataDir ?? "./.data/pglite";
    if (!dataDir.startsWith("memory://")) {
      mkdirSync(dataDir, { recursive: true });
      // Throws DataDirLockedError while another live process has the directory open.
      lock = lockDataDir(dataDir);
    }
    try {
      client = await PGlite.create(dataDir);
    } catch (error) {
      lock?.release();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    connection: { kind: "pglite", pglite },
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
    close: async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
