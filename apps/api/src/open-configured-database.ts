import { openDb, type Database } from "@pinjaman/db";
import { ConfigError, loadConfig, type Config } from "./config.ts";

/** sysexits.h codes the server and the operator scripts share, so a supervisor can tell them apart. */
export const EX_CONFIG = 78;
export const EX_UNAVAILABLE = 69;

/**
 * The settings, or null after printing what is wrong with them (one line per variable, no stack
 * trace): the caller exits with EX_CONFIG. Any other failure is a bug and is thrown.
 */
export function loadConfigOrReport(env: NodeJS.ProcessEnv = process.env): Config | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}

/**
 * Opens the configured database (DATABASE_URL, else PGlite at PGLITE_DIR), or returns null after
 * printing which one could not be opened and why: the caller exits with EX_UNAVAILABLE.
 */
export async function openConfiguredDatabase(config: Pick<Config, "databaseUrl" | "pgliteDir">): Promise<Database | null> {
  try {
    return await openDb({ url: config.databaseUrl, dataDir: config.pgliteDir });
  } catch (error) {
    const target = config.databaseUrl ? "DATABASE_URL" : `PGlite at ${config.pgliteDir}`;
    console.error(`Cannot open the database (${target}): ${(error as Error).message}`);
    return null;
  }
}
