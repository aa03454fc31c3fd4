import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressCities, addressSubdistricts } from "./address-schema.ts";
import {
  AREA_COUNTS,
  areaCounts,
  importPostalCodes,
  importedPostalCodeCount,
  loadAddressAreas,
  parseCsv,
  prepareAddressData,
  resolvePostalCodesCsv,
} from "./address-data.ts";
import { openDb, type Database } from "./open-db.ts";

/** The shared reference file (../shared/data/README.md): the import tests need it, never skip. */
function sharedPostalCodes(): string {
  const path = resolvePostalCodesCsv();
  if (!existsSync(path)) {
    throw new Error(`postal-code reference file missing at ${path}: put it there or set POSTAL_CODES_CSV (see ../shared/data/README.md)`);
  }
  return path;
}

const dir = mkdtempSync(join(tmpdir(), "postal-codes-"));
function csvFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function postalCodeOf(database: Database, village: string): Promise<string | null | undefined> {
  const rows = await database.db
    .select({ postalCode: addressSubdistricts.postalCode })
    .from(addressSubdistricts)
    .where(eq(addressSubdistricts.code, village));
  return rows[0]?.postalCode;
}

describe("parseCsv", () => {
  it("keeps commas and doubled quotes inside quoted fields, and drops blank lines, CRs and a BOM", () => {
    expect(parseCsv('\ufeffcode,name\r\n12.07.28.1007,"Lubuk Pakam I,II"\r\n35.13.15.2017,"Soka""an"\n\n')).toEqual([
      ["code", "name"],
      ["12.07.28.1007", "Lubuk Pakam I,II"],
      ["35.13.15.2017", 'Soka"an'],
    ]);
  });
});

describe("resolvePostalCodesCsv", () => {
  it("uses POSTAL_CODES_CSV when set, else <repo root>/../shared/data/postal-codes.csv", () => {
    expect(resolvePostalCodesCsv({ POSTAL_CODES_CSV: "/srv/kodepos.csv" })).toBe("/srv/kodepos.csv");
    const repoRoot = new URL("../../../", import.meta.url).pathname;
    expect(resolvePostalCodesCsv({})).toBe(join(repoRoot, "..", "shared", "data", "postal-codes.csv"));
  });
});

describe("address areas and postal codes (PGlite)", { timeout: 120_000 }, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDb({ dataDir: "memory://" });
    await database.migrate();
  }, 60_000);
  afterAll(() => database.close());

  it("loads the Kemendagri 2025 areas of idn-area-data 4.0.1 with dotted codes, once", async () => {
    // prepareAddressData on an empty database loads the areas first, even without postal codes.
    expect(await prepareAddressData(database.db, { postalCodesCsv: join(dir, "missing.csv") })).toEqual({
      areasLoaded: true,
      postalCodes: "no_file",
    });
    const counts = { regions: 38, cities: 514, districts: 7285, subdistricts: 83_762 };
    expect(await areaCounts(database.db)).toEqual(counts);
    expect(AREA_COUNTS).toEqual(counts);

    // A second load sees the areas there and leaves them (no time bound: CI machines stall).
    expect(await loadAddressAreas(database.db)).toEqual({ loaded: false, counts });

    const [bandung] = await database.db.select().from(addressCities).where(eq(addressCities.code, "32.73"));
    expect(bandung).toEqual({ code: "32.73", regionCode: "32", name: "Kota Bandung" });
    const quoted = await database.db
      .select({ code: addressSubdistricts.code, name: addressSubdistricts.name, districtCode: addressSubdistricts.districtCode })
      .from(addressSubdistricts)
      .where(sql`${addressSubdistricts.code} in ('12.07.28.1007', '35.13.15.2017')`)
      .orderBy(addressSubdistricts.code);
    expect(quoted).toEqual([
      { code: "12.07.28.1007", name: "Lubuk Pakam I,II", districtCode: "12.07.28" },
      { code: "35.13.15.2017", name: 'Soka"an', districtCode: "35.13.15" },
    ]);
  });

  it("imports every village's postal code from the shared CSV", async () => {
    const result = await importPostalCodes(database.db, sharedPostalCodes());
    expect(result).toEqual({ updated: 83_762, unknownVillages: [], invalidRows: [] });
    expect(await importedPostalCodeCount(database.db)).toBe(83_762);
    // Kelurahan Gegerkalong, Kecamatan Sukasari, Kota Bandung.
    expect(await postalCodeOf(database, "32.73.01.1002")).toBe("40153");
    expect(await postalCodeOf(database, "11.01.01.2001")).toBe("23773");
    // Again: nothing changes, so nothing is written.
    expect(await importPostalCodes(database.db, sharedPostalCodes())).toEqual({ updated: 0, unknownVillages: [], invalidRows: [] });
  });

  it("changes nothing when any row is invalid or names an unknown village, and lists every problem", async () => {
    const path = csvFile(
      "bad.csv",
      [
        "village_code,postal_code",
        "32.73.01.1002,40999", // valid, but the file is refused as a whole
        "32.73.01.1003,4015", // 4 digits
        "32.73.01.1004,4015A",
        "3273011001,40152", // undotted code
        "99.99.99.9999,12345", // unknown village
        "32.73.01.1002,40999", // given twice
        "32.73.01.1001",
      ].join("\n"),
    );
    expect(await importPostalCodes(database.db, path)).toEqual({
      updated: 0,
      unknownVillages: [{ line: 6, villageCode: "99.99.99.9999" }],
      invalidRows: [
        { line: 3, reason: 'postal code "4015" is not 5 digits' },
        { line: 4, reason: 'postal code "4015A" is not 5 digits' },
        { line: 5, reason: 'village code "3273011001" is not PP.KK.CC.DDDD' },
        { line: 7, reason: "village 32.73.01.1002 already given on line 2" },
        { line: 8, reason: "expected 2 columns, found 1" },
      ],
    });
    expect(await postalCodeOf(database, "32.73.01.1002")).toBe("40153");

    const unknownOnly = csvFile("unknown.csv", "village_code,postal_code\n32.73.01.1002,40999\n32.73.99.1001,40000\n");
    expect(await importPostalCodes(database.db, unknownOnly)).toEqual({
      updated: 0,
      unknownVillages: [{ line: 3, villageCode: "32.73.99.1001" }],
      invalidRows: [],
    });
    expect(await postalCodeOf(database, "32.73.01.1002")).toBe("40153");
  });

  it("refuses a file without the village_code,postal_code header", async () => {
    const path = csvFile("header.csv", "kode,kodepos\n32.73.01.1002,40999\n");
    expect(await importPostalCodes(database.db, path)).toEqual({
      updated: 0,
      unknownVillages: [],
      invalidRows: [{ line: 1, reason: 'header must be village_code,postal_code (found "kode,kodepos")' }],
    });
    expect(await postalCodeOf(database, "32.73.01.1002")).toBe("40153");
  });

  it("updates only the villages of a partial file", async () => {
    const path = csvFile("partial.csv", "village_code,postal_code\r\n32.73.01.1002, 40999 \r\n");
    expect(await importPostalCodes(database.db, path)).toEqual({ updated: 1, unknownVillages: [], invalidRows: [] });
    expect(await postalCodeOf(database, "32.73.01.1002")).toBe("40999");
    expect(await postalCodeOf(database, "32.73.01.1001")).toBe("40152");
  });

  it("prepareAddressData imports the file only while no postal code is there", async () => {
    const csv = sharedPostalCodes();
    expect(await prepareAddressData(database.db, { postalCodesCsv: csv })).toEqual({ areasLoaded: false, postalCodes: "present" });
    expect(await postalCodeOf(database, "32.73.01.1002")).toBe("40999");

    await database.db.update(addressSubdistricts).set({ postalCode: null });
    expect(await prepareAddressData(database.db, { postalCodesCsv: join(dir, "missing.csv") })).toEqual({
      areasLoaded: false,
      postalCodes: "no_file",
    });
    expect(await importedPostalCodeCount(database.db)).toBe(0);

    expect(await prepareAddressData(database.db, { postalCodesCsv: csv })).toEqual({
      areasLoaded: false,
      postalCodes: "imported",
      import: { updated: 83_762, unknownVillages: [], invalidRows: [] },
    });
    expect(await postalCodeOf(database, "32.73.01.1002")).toBe("40153");
  });

  it("throws the file system's error for a missing file", async () => {
    await expect(importPostalCodes(database.db, join(dir, "nope.csv"))).rejects.toThrow(/ENOENT/);
  });
});
