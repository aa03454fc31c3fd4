/**
 * `npm run db:import-postal-codes -- path/to/postal-codes.csv`: sets the postal code of every
 * village listed in a `village_code,postal_code` CSV (shape and origin: ../shared/data/README.md).
 * Opens the database as the server does (DATABASE_URL, else PGlite at PGLITE_DIR), migrates it and
 * loads the Kemendagri areas when missing. All or nothing: a file with any bad row changes nothing.
 * Without a path it reads POSTAL_CODES_CSV (default <repo root>/../shared/data/postal-codes.csv).
 * Exit codes: 0 imported, 65 bad file, 66 file missing, 69 database unreachable, 75 PGlite directory
 * in use by another process (the server: stop it first), 78 bad settings.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { importPostalCodes, loadAddressAreas } from "@pinjaman/db/address-data";
import { EX_CONFIG, loadConfigOrReport, openConfiguredDatabase } from "../apps/api/src/open-configured-database.ts";

const SHOWN_PROBLEMS = 20;

async function main(): Promise<number> {
  // Only the database settings matter here: forcing the sandbox flag spares an operator the
  // server's production-only settings for a data import.
  const config = loadConfigOrReport({ ...process.env, SANDBOX: "1" });
  if (!config) return EX_CONFIG;
  const given = process.argv[2];
  const csvPath = resolve(given ?? config.postalCodesCsv);
  if (!existsSync(csvPath)) {
    console.error(`Postal-code file not found: ${csvPath}`);
    console.error("Usage: npm run db:import-postal-codes -- path/to/postal-codes.csv (header village_code,postal_code)");
    return 66;
  }

  const database = await openConfiguredDatabase(config);
  if (typeof database === "number") return database;
  try {
    await database.migrate();
    const started = performance.now();
    const areas = await loadAddressAreas(database.db);
    if (areas.loaded) {
      const c = areas.counts;
      console.info(
        `Loaded the areas: ${c.regions} provinces, ${c.cities} regencies, ${c.districts} districts, ${c.subdistricts} villages (${Math.round(performance.now() - started)} ms).`,
      );
    }
    const importStarted = performance.now();
    const result = await importPostalCodes(database.db, csvPath);
    const problems = result.invalidRows.length + result.unknownVillages.length;
    if (problems > 0) {
      console.error(`Refused ${csvPath}: nothing was changed.`);
      console.error(`  invalid rows: ${result.invalidRows.length}, unknown villages: ${result.unknownVillages.length}`);
      const lines = [
        ...result.invalidRows.map((r) => ({ line: r.line, text: r.reason })),
        ...result.unknownVillages.map((u) => ({ line: u.line, text: `unknown village ${u.villageCode}` })),
      ].sort((a, b) => a.line - b.line);
      for (const { line, text } of lines.slice(0, SHOWN_PROBLEMS)) console.error(`  line ${line}: ${text}`);
      if (lines.length > SHOWN_PROBLEMS) console.error(`  … and ${lines.length - SHOWN_PROBLEMS} more`);
      return 65;
    }
    console.info(`Imported ${csvPath}: ${result.updated} villages got a new postal code (${Math.round(performance.now() - importStarted)} ms).`);
    console.info("  invalid rows: 0, unknown villages: 0");
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
