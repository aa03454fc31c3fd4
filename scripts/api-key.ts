/**
 * `npm run api-key -- <command>`: the company API keys (decision 0023).
 *   create --name "Mitra X" --scopes customer_list,customer_detail   prints the new key once
 *   list                                                            name, prefix, scopes, created, last used, revoked
 *   revoke <id or prefix>                                           the key stops working at once
 * Opens the database as the server does (DATABASE_URL, else PGlite at PGLITE_DIR) and migrates it.
 * Exit codes: 0 done, 64 bad usage, 66 no such key, 69 database unreachable, 75 PGlite directory
 * in use (stop the server first), 78 bad settings.
 */
import { parseArgs } from "node:util";
import { API_KEY_SCOPES } from "@pinjaman/db/api-key-schema";
import { runApiKeyCommand } from "../apps/api/src/modules/company/api-key-command.ts";
import { EX_CONFIG, loadConfigOrReport, openConfiguredDatabase } from "../apps/api/src/open-configured-database.ts";

const USAGE = `Usage:
  npm run api-key -- create --name "Mitra X" --scopes ${API_KEY_SCOPES.slice(1, 3).join(",")}
  npm run api-key -- list
  npm run api-key -- revoke <id or prefix>
Scopes: ${API_KEY_SCOPES.join(", ")}`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { name: { type: "string" }, scopes: { type: "string" } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 64;
  }
  // Only the database settings matter here, as for the postal-code import.
  const config = loadConfigOrReport({ ...process.env, SANDBOX: "1" });
  if (!config) return EX_CONFIG;
  const database = await openConfiguredDatabase(config);
  if (typeof database === "number") return database;
  try {
    await database.migrate();
    const result = await runApiKeyCommand(database.db, parsed.positionals, parsed.values);
    for (const line of result.out) console.info(line);
    for (const line of result.err) console.error(line);
    if (result.code === 64) console.error(USAGE);
    return result.code;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
