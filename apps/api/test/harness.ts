import { openDb, type Database } from "@pinjaman/db";
import { createScratchDatabase } from "@pinjaman/db/scratch-database";
import { loadAddressAreas } from "@pinjaman/db/address-data";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { loadConfig, type Config } from "../src/config.ts";
import { inject } from "vitest";
import { pgliteFromTemplate, prepareTestDatabase } from "./database-template.ts";

export type TestDatabaseOptions = {
  /**
   * Loads the 83,762 Kemendagri areas (address chain): about 6 s on PGlite and 3 s on PostgreSQL,
   * so only the files that search or check addresses ask for it.
   */
  areas?: boolean;
};

/**
 * A migrated, seeded database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL, a fresh PostgreSQL database created for this file and dropped after it. Both
 * are copies of the run's template (global-setup.ts) when the run made one.
 */
export async function testDatabase(options: TestDatabaseOptions = {}): Promise<Database & { label: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("databaseTemplate");
  if (!serverUrl) {
    const fromTemplate = template?.kind === "pglite";
    const database = fromTemplate ? await openDb({ pglite: await pgliteFromTemplate(template) }) : await openDb({ dataDir: "memory://" });
    if (!fromTemplate) await prepareTestDatabase(database);
    if (options.areas) await loadAddressAreas(database.db);
    return { ...database, label: "pglite" };
  }
  const fromTemplate = template?.kind === "postgres";
  const scratch = await createScratchDatabase(serverUrl, "pinjaman_test", fromTemplate ? template.name : undefined);
  const database = await openDb({ url: scratch.url, poolSize: 20 });
  if (!fromTemplate) await prepareTestDatabase(database);
  if (options.areas) await loadAddressAreas(database.db);
  return {
    ...database,
    label: "postgres",
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SANDBOX: "1", ...env });
}

export type TestApp = { app: FastifyInstance; database: Database & { label: string }; close(): Promise<void> };

export async function testApp(env: Record<string, string> = {}, options: TestDatabaseOptions = {}): Promise<TestApp> {
  const database = await testDatabase(options);
  const app = await buildApp({ db: database.db, config: testConfig(env) });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Row count of every table: a refused call must leave all of them as they were. */
export async function rowCounts(database: Database): Promise<Record<string, number>> {
  const { sql } = await import("drizzle-orm");
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`)) as unknown as {
      rows: { n: number }[];
    };
    counts[table_name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}
