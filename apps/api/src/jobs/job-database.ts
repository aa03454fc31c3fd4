import type { Database } from "@pinjaman/db";
import type { ConstructorOptions } from "pg-boss";
import { pgliteJobDatabase } from "./pglite-job-database.ts";

/**
 * How pg-boss reaches our database. PostgreSQL: a small pool of its own on DATABASE_URL (it holds
 * a LISTEN connection; the app's pool stays for requests). PGlite: the one embedded instance
 * through our adapter (pglite-job-database.ts), with pg-boss's `pglite` backend profile.
 */
export function jobDatabaseOptions(database: Pick<Database, "connection">): ConstructorOptions {
  const connection = database.connection;
  if (connection.kind === "postgres") return { connectionString: connection.url, max: 4, application_name: "pinjaman-jobs" };
  return { db: pgliteJobDatabase(connection.pglite), backend: "pglite" };
}
