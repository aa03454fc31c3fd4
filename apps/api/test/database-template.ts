import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDb, seedSandbox, type Database } from "@pinjaman/db";
import { createScratchDatabase } from "@pinjaman/db/scratch-database";
import { seedSandboxAccounts } from "../src/modules/accounts/sandbox-accounts.ts";
import { ensureSandboxApiKey } from "../src/modules/company/api-keys.ts";

/**
 * Where the API tests' migrated, seeded database comes from (decision 0004): made once per run by
 * the API project's global setup and copied for each test file, instead of every file running
 * initdb, the migrations and the argon2id hashing of the sandbox accounts again.
 * PGlite: a dump of its data directory in a file; PostgreSQL: a database used as `TEMPLATE`.
 */
export type DatabaseTemplate = { kind: "pglite"; dumpFile: string } | { kind: "postgres"; name: string };

/** Migrates and seeds a database the way every test database starts. */
export async function prepareTestDatabase(database: Database): Promise<void> {
  await database.migrate();
  await seedSandbox(database.db);
  await seedSandboxAccounts(database.db);
  await ensureSandboxApiKey(database.db);
}

/** Makes the run's template; answers it and how to remove it after the run. */
export async function makeDatabaseTemplate(serverUrl: string | undefined): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, "pinjaman_template");
    const database = await openDb({ url: scratch.url, poolSize: 2 });
    try {
      await prepareTestDatabase(database);
    } finally {
      await database.close();
    }
    return { template: { kind: "postgres", name: scratch.name }, remove: () => scratch.drop() };
  }
  const database = await openDb({ dataDir: "memory://" });
  const folder = mkdtempSync(join(tmpdir(), "pinjaman-test-template-"));
  const dumpFile = join(folder, "pglite.tar");
  try {
    await prepareTestDatabase(database);
    const dump = await (database.connection as { pglite: PGlite }).pglite.dumpDataDir("none");
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { template: { kind: "pglite", dumpFile }, remove: async () => rmSync(folder, { recursive: true, force: true }) };
}

/** A fresh in-memory PGlite holding a copy of the template's data directory. */
export async function pgliteFromTemplate(template: Extract<DatabaseTemplate, { kind: "pglite" }>): Promise<PGlite> {
  return PGlite.create("memory://", { loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
}
