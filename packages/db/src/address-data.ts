import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "./open-db.ts";

/**
 * The address chain's reference data (spec sections 3–5): Kemendagri 2025 areas from the npm
 * package idn-area-data 4.0.1, and postal codes per village from an operator-supplied CSV
 * (../shared/data/postal-codes.csv in development and CI; not committed, see its README).
 */

/** Rows of idn-area-data@4.0.1: tables holding this many are taken as loaded. */
export const AREA_COUNTS = { regions: 38, cities: 514, districts: 7285, subdistricts: 83_762 } as const;
export type AreaCounts = { regions: number; cities: number; districts: number; subdistricts: number };

/** `<repo root>/../shared/data/postal-codes.csv`: where development and CI keep the reference file. */
export const DEFAULT_POSTAL_CODES_CSV = fileURLToPath(new URL("../../../../shared/data/postal-codes.csv", import.meta.url));

/** POSTAL_CODES_CSV when set (and not empty), else the default location. */
export function resolvePostalCodesCsv(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.POSTAL_CODES_CSV;
  return given !== undefined && given !== "" ? given : DEFAULT_POSTAL_CODES_CSV;
}

/**
 * RFC 4180 rows: idn-area-data quotes names holding commas or quotes ("Lubuk Pakam I,II",
 * "Soka""an"), so a plain split on commas would cut them.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a BOM left by spreadsheet exports
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty last line) carry no data.
  return rows.filter((r) => !(r.length === 1 && r[0]?.trim() === ""));
}

function areaDataDir(): string {
  // Resolved through the package, not a node_modules path: workspaces may hoist it anywhere.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("idn-area-data/package.json")), "data");
}

async function readAreaCsv(file: string, header: readonly string[]): Promise<string[][]> {
  const rows = parseCsv(await readFile(join(areaDataDir(), file), "utf8"));
  const [head, ...data] = rows;
  if (head?.join(",") !== header.join(",")) {
    throw new Error(`idn-area-data ${file}: expected columns ${header.join(",")}, got ${head?.join(",") ?? "nothing"}`);
  }
  for (const row of data) {
    if (row.length !== header.length) throw new Error(`idn-area-data ${file}: bad row ${row.join(",")}`);
  }
  return data;
}

async function count(db: Db, table: string): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function areaCounts(db: Db): Promise<AreaCounts> {
  return {
    regions: await count(db, "address_regions"),
    cities: await count(db, "address_cities"),
    districts: await count(db, "address_districts"),
    subdistricts: await count(db, "address_subdistricts"),
  };
}

function isComplete(counts: AreaCounts): boolean {
  return (
    counts.regions >= AREA_COUNTS.regions &&
    counts.cities >= AREA_COUNTS.cities &&
    counts.districts >= AREA_COUNTS.districts &&
    counts.subdistricts >= AREA_COUNTS.subdistricts
  );
}

/** Rows per statement: one JSON parameter each, so no bind-parameter limit applies. */
const BATCH = 20_000;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/**
 * Loads the 38 provinces, 514 regencies, 7,285 districts and 83,762 villages when they are not
 * there yet (one transaction; a second call only counts). The CSVs already use the dotted codes
 * the tables store ("32", "32.73", "32.73.01", "32.73.01.1001"). Rows travel as one JSON text per
 * batch and are expanded by the database: far quicker than 80,000 bound rows, on both drivers.
 * Returns whether it loaded anything.
 */
export async function loadAddressAreas(db: Db): Promise<{ loaded: boolean; counts: AreaCounts }> {
  const before = await areaCounts(db);
  if (isComplete(before)) return { loaded: false, counts: before };

  const [provinces, regencies, districts, villages] = await Promise.all([
    readAreaCsv("provinces.csv", ["code", "name"]),
    readAreaCsv("regencies.csv", ["code", "province_code", "name"]),
    readAreaCsv("districts.csv", ["code", "regency_code", "name"]),
    readAreaCsv("villages.csv", ["code", "district_code", "name"]),
  ]);

  await db.transaction(async (tx) => {
    for (const rows of batches(provinces)) {
      await tx.execute(sql`insert into address_regions (code, name)
        select r->>0, r->>1 from json_array_elements(${JSON.stringify(rows)}::json) r
        on conflict (code) do nothing`);
    }
    for (const rows of batches(regencies)) {
      await tx.execute(sql`insert into address_cities (code, region_code, name)
        select r->>0, r->>1, r->>2 from json_array_elements(${JSON.stringify(rows)}::json) r
        on conflict (code) do nothing`);
    }
    for (const rows of batches(districts)) {
      await tx.execute(sql`insert into address_districts (code, city_code, name)
        select r->>0, r->>1, r->>2 from json_array_elements(${JSON.stringify(rows)}::json) r
        on conflict (code) do nothing`);
    }
    for (const rows of batches(villages)) {
      await tx.execute(sql`insert into address_subdistricts (code, district_code, name)
        select r->>0, r->>1, r->>2 from json_array_elements(${JSON.stringify(rows)}::json) r
        on conflict (code) do nothing`);
    }
  });
  return { loaded: true, counts: await areaCounts(db) };
}

export type InvalidPostalCodeRow = { line: number; reason: string };

export type PostalCodeImport = {
  /** Villages whose postal code changed (0 when the file was refused or matched the table already). */
  updated: number;
  /** Village codes of the file that are not in address_subdistricts, with their line. */
  unknownVillages: { line: number; villageCode: string }[];
  /** Lines that are not `village_code,postal_code` with a 5-digit code (line 1 is the header). */
  invalidRows: InvalidPostalCodeRow[];
};

const POSTAL_CODE = /^\d{5}$/;
const VILLAGE_CODE = /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/;

/**
 * Sets address_subdistricts.postal_code from a CSV with the header `village_code,postal_code`.
 * All or nothing: a file with any invalid row or unknown village changes nothing (updated 0) and
 * the result lists every problem; a good file is written in one transaction. Villages missing
 * from the file keep their postal code. A missing file throws the file system's error.
 */
export async function importPostalCodes(db: Db, csvPath: string): Promise<PostalCodeImport> {
  const rows = parseCsv(await readFile(csvPath, "utf8"));
  const result: PostalCodeImport = { updated: 0, unknownVillages: [], invalidRows: [] };
  const [head, ...data] = rows;
  if (head?.map((h) => h.trim()).join(",") !== "village_code,postal_code") {
    result.invalidRows.push({ line: 1, reason: `header must be village_code,postal_code (found ${JSON.stringify(head?.join(",") ?? "")})` });
    return result;
  }

  return db.transaction(async (tx) => {
    const known = (await tx.execute(sql`select code from address_subdistricts`)) as unknown as { rows: { code: string }[] };
    const villages = new Set(known.rows.map((r) => r.code));
    const seen = new Map<string, number>();
    const updates: [string, string][] = [];
    data.forEach((row, index) => {
      const line = index + 2;
      if (row.length !== 2) {
        result.invalidRows.push({ line, reason: `expected 2 columns, found ${row.length}` });
        return;
      }
      const villageCode = (row[0] ?? "").trim();
      const postalCode = (row[1] ?? "").trim();
      if (!VILLAGE_CODE.test(villageCode)) {
        result.invalidRows.push({ line, reason: `village code ${JSON.stringify(villageCode)} is not PP.KK.CC.DDDD` });
        return;
      }
      if (!POSTAL_CODE.test(postalCode)) {
        result.invalidRows.push({ line, reason: `postal code ${JSON.stringify(postalCode)} is not 5 digits` });
        return;
      }
      const earlier = seen.get(villageCode);
      if (earlier !== undefined) {
        result.invalidRows.push({ line, reason: `village ${villageCode} already given on line ${earlier}` });
        return;
      }
      seen.set(villageCode, line);
      if (!villages.has(villageCode)) {
        result.unknownVillages.push({ line, villageCode });
        return;
      }
      updates.push([villageCode, postalCode]);
    });
    if (result.invalidRows.length > 0 || result.unknownVillages.length > 0) return result;

    // Only changed rows are written: a re-import of the same file is quick and reports 0.
    for (const rows of batches(updates)) {
      const written = (await tx.execute(sql`update address_subdistricts s set postal_code = r->>1
        from json_array_elements(${JSON.stringify(rows)}::json) r
        where s.code = r->>0 and s.postal_code is distinct from r->>1`)) as unknown as { rowCount?: number | null; affectedRows?: number };
      result.updated += Number(written.rowCount ?? written.affectedRows ?? 0);
    }
    return result;
  });
}

/** Villages that have an imported postal code. */
export async function importedPostalCodeCount(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from address_subdistricts where postal_code is not null`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export type AddressDataPreparation = {
  areasLoaded: boolean;
  /** "imported": the CSV was imported now; "present": codes were already there; "no_file": none to import. */
  postalCodes: "imported" | "present" | "no_file";
  import?: PostalCodeImport;
};

/**
 * Sandbox start (main.ts): the areas when missing, and the postal codes from the CSV when none is
 * imported yet and the file exists. A refused file leaves the codes empty (the result says why);
 * the server still starts, since any 5-digit code is then accepted.
 */
export async function prepareAddressData(db: Db, { postalCodesCsv }: { postalCodesCsv: string }): Promise<AddressDataPreparation> {
  const { loaded } = await loadAddressAreas(db);
  if ((await importedPostalCodeCount(db)) > 0) return { areasLoaded: loaded, postalCodes: "present" };
  if (!existsSync(postalCodesCsv)) return { areasLoaded: loaded, postalCodes: "no_file" };
  return { areasLoaded: loaded, postalCodes: "imported", import: await importPostalCodes(db, postalCodesCsv) };
}
