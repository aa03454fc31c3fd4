import { DataDirLockedError, openDb, type Database } from "@pinjaman/db";
import { ConfigError, loadConfig, type Config } from "./config.ts";

/** sysexits.h codes the server and the operator scripts share, so a supervisor can tell them apart. */
export const EX_CONFIG = 78;
export const EX_UNAVAILABLE = 69;
/** The PGlite data directory is in use by another live process: try again once it has stopped. */
export const EX_TEMPFAIL = 75;

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
 * Opens the configured database (DATABASE_URL, else PGlite at PGLITE_DIR, locked for this
 * process), or returns the exit code after printing which one could not be opened and why:
 * EX_TEMPFAIL when another process holds the PGlite directory, else EX_UNAVAILABLE.
 */
export async function openConfiguredDatabase(config: Pick<Config, "databaseUrl" | "pgliteDir">): Promise<Database | number> {
  try {
    return await openDb({ url: config.databaseUrl, dataDir: config.pgliteDir });
  } catch (error) {
    const target = config.databaseUrl ? "DATABASE_URL" : `PGlite at ${config.pgliteDir}`;
    console.error(`Cannot open the database (${target}): ${(error as Error).message}`);
    return error instanceof DataDirLockedError ? EX_TEMPFAIL : EX_UNAVAILABLE;
  }
}
