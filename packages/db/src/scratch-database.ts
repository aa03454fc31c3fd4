import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/** A database made for one test file or benchmark run on a PostgreSQL server. */
export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * Creates `<prefix>_<random>` on the server `serverUrl` points at, as a copy of database
 * `template` when one is named (it must have no open connections). `drop()` waits until the
 * database has no connections left, then drops it: `pool.end()` resolves before the server has
 * closed them, and forcing the drop then would terminate them under their clients ("terminating
 * connection due to administrator command" as uncaught errors).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
          if (rows[0]?.n === 0) break;
          await sleep(50);
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
