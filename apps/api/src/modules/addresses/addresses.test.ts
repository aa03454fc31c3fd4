import { existsSync } from "node:fs";
import { addressSubdistricts } from "@pinjaman/db/address-schema";
import { importPostalCodes } from "@pinjaman/db/address-data";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { rowCounts, testApp, type TestApp } from "../../../test/harness.ts";
import { checkAddressValues } from "./address-service.ts";

const URL = "/pub_api/v1/open/country_addresses/autocomplete";

/** The shared reference file, resolved as the server does (POSTAL_CODES_CSV or the default): never skipped. */
function sharedPostalCodes(): string {
  const path = loadConfig({ POSTAL_CODES_CSV: process.env.POSTAL_CODES_CSV ?? "" }).postalCodesCsv;
  if (!existsSync(path)) {
    throw new Error(`postal-code reference file missing at ${path}: put it there or set POSTAL_CODES_CSV (see ../shared/data/README.md)`);
  }
  return path;
}

const BANDUNG_CHAIN = { region: "32", city: "32.73", district: "32.73.01", subdistrict: "32.73.01.1002" } as const;

describe("POST pub_api/v1/open/country_addresses/autocomplete", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({}, { areas: true });
    const imported = await importPostalCodes(t.database.db, sharedPostalCodes());
    expect(imported.updated).toBe(83_762);
  }, 120_000);
  afterAll(() => t.close());

  const post = (body: unknown) => t.app.inject({ method: "POST", url: URL, payload: body as object });
  const search = async (body: unknown) => {
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { data: { field: string; value: string; label: string }[] } }).data.data;
  };
  const labels = async (body: unknown) => (await search(body)).map((i) => i.label);

  it("lists the 38 provinces by label with their codes, names as published", async () => {
    const items = await search({ type: "region", filters: [] });
    expect(items).toHaveLength(38);
    expect(items.slice(0, 3)).toEqual([
      { field: "region", value: "11", label: "Aceh" },
      { field: "region", value: "51", label: "Bali" },
      { field: "region", value: "36", label: "Banten" },
    ]);
    expect(items.at(-1)).toEqual({ field: "region", value: "12", label: "Sumatera Utara" });
    expect(await search({ type: "region" })).toHaveLength(38);
  });

  it("starts_with matches the start of the name or of a word in it, case-insensitively", async () => {
    expect(await search({ type: "region", filters: [{ field: "region", op: "starts_with", value: "JAW" }] })).toEqual([
      { field: "region", value: "32", label: "Jawa Barat" },
      { field: "region", value: "33", label: "Jawa Tengah" },
      { field: "region", value: "35", label: "Jawa Timur" },
    ]);
    const inJabar = (op: string, value: string) =>
      labels({ type: "city", filters: [{ field: "city", op, value }, { field: "region", op: "equals", value: "32" }] });
    expect(await inJabar("starts_with", "ban")).toEqual(["Kabupaten Bandung", "Kabupaten Bandung Barat", "Kota Bandung", "Kota Banjar"]);
    // "and" starts no word of a West Java regency, but is inside "Bandung" and "Pangandaran".
    expect(await inJabar("starts_with", "and")).toEqual([]);
    expect(await inJabar("contains", "and")).toEqual(["Kabupaten Bandung", "Kabupaten Bandung Barat", "Kabupaten Pangandaran", "Kota Bandung"]);
    expect(await inJabar("contains", "ANDUNG BA")).toEqual(["Kabupaten Bandung Barat"]);
    // % and _ are plain characters, not wildcards.
    expect(await inJabar("contains", "%")).toEqual([]);
    expect(await inJabar("starts_with", "_")).toEqual([]);
  });

  it("finds provinces by the names people type", async () => {
    const regions = (value: string, op = value.trim().length < 4 ? "starts_with" : "contains") =>
      labels({ type: "region", filters: [{ field: "region", op, value }] });
    expect(await search({ type: "region", filters: [{ field: "region", op: "starts_with", value: "dki" }] })).toEqual([
      { field: "region", value: "31", label: "Daerah Khusus Ibukota Jakarta" },
    ]);
    expect(await regions("DKI Jakarta")).toEqual(["Daerah Khusus Ibukota Jakarta"]);
    expect(await regions("jakarta")).toEqual(["Daerah Khusus Ibukota Jakarta"]);
    expect(await regions("jabar")).toEqual(["Jawa Barat"]);
    expect(await regions("Jateng")).toEqual(["Jawa Tengah"]);
    expect(await regions("jatim")).toEqual(["Jawa Timur"]);
    expect(await regions("DIY")).toEqual(["Daerah Istimewa Yogyakarta"]);
    expect(await regions("jogja")).toEqual(["Daerah Istimewa Yogyakarta"]);
    expect(await regions("kaltim")).toEqual(["Kalimantan Timur"]);
    expect(await regions("NTB")).toEqual(["Nusa Tenggara Barat"]);
    expect(await regions("ntt")).toEqual(["Nusa Tenggara Timur"]);
    expect(await regions("Provinsi Jawa Barat")).toEqual(["Jawa Barat"]);
    expect(await regions("Prov. Jatim")).toEqual(["Jawa Timur"]);
    // The published names still match as before.
    expect(await regions("Jawa")).toEqual(["Jawa Barat", "Jawa Tengah", "Jawa Timur"]);
  });

  it("finds regencies with or without their prefix, and by everyday names", async () => {
    const cities = (value: string, region?: string) =>
      labels({
        type: "city",
        filters: [
          { field: "city", op: value.length < 4 ? "starts_with" : "contains", value },
          ...(region ? [{ field: "region", op: "equals", value: region }] : []),
        ],
      });
    expect(await cities("bandung", "32")).toEqual(["Kabupaten Bandung", "Kabupaten Bandung Barat", "Kota Bandung"]);
    expect(await cities("Kab. Bandung", "32")).toEqual(["Kabupaten Bandung", "Kabupaten Bandung Barat"]);
    expect(await cities("kota bandung", "32")).toEqual(["Kota Bandung"]);
    expect(await cities("Kota Jakarta Selatan", "31")).toEqual(["Kota Administrasi Jakarta Selatan"]);
    expect(await cities("jaksel", "31")).toEqual(["Kota Administrasi Jakarta Selatan"]);
    expect(await cities("jogja", "34")).toEqual(["Kota Yogyakarta"]);
    // An alias still keeps to the chosen province.
    expect(await cities("jaksel", "32")).toEqual([]);
  });

  it("finds districts and villages without their prefix", async () => {
    const districts = await labels({
      type: "district",
      filters: [{ field: "district", op: "contains", value: "Kec. Sukasari" }, { field: "city", op: "equals", value: "32.73" }],
    });
    expect(districts).toEqual(["Sukasari"]);
  });

  it("keeps to the parents given by equals filters", async () => {
    const jateng = await search({ type: "city", filters: [{ field: "city", op: "starts_with", value: "ban" }, { field: "region", op: "equals", value: "33" }] });
    expect(jateng).toEqual([
      { field: "city", value: "33.04", label: "Kabupaten Banjarnegara" },
      { field: "city", value: "33.02", label: "Kabupaten Banyumas" },
    ]);

    const districts = await search({ type: "district", filters: [{ field: "city", op: "equals", value: "32.73" }] });
    expect(districts).toHaveLength(30);
    expect(districts.every((d) => d.field === "district" && d.value.startsWith("32.73."))).toBe(true);
    expect(districts.find((d) => d.value === "32.73.01")).toEqual({ field: "district", value: "32.73.01", label: "Sukasari" });

    const villages = { type: "subdistrict", filters: [{ field: "city", op: "equals", value: "32.73" }, { field: "district", op: "equals", value: "32.73.01" }] };
    expect(await search(villages)).toEqual([
      { field: "subdistrict", value: "32.73.01.1002", label: "Gegerkalong" },
      { field: "subdistrict", value: "32.73.01.1003", label: "Isola" },
      { field: "subdistrict", value: "32.73.01.1004", label: "Sarijadi" },
      { field: "subdistrict", value: "32.73.01.1001", label: "Sukarasa" },
    ]);
    // A district outside the given city has no villages there.
    expect(await search({ type: "subdistrict", filters: [{ field: "city", op: "equals", value: "33.01" }, { field: "district", op: "equals", value: "32.73.01" }] })).toEqual([]);
    // An equals filter on the type itself finds one code (a stored value's label).
    expect(await search({ type: "district", filters: [{ field: "district", op: "equals", value: "32.73.01" }, { field: "city", op: "equals", value: "32.73" }] })).toEqual([
      { field: "district", value: "32.73.01", label: "Sukasari" },
    ]);
  });

  it("answers at most 50 choices, the first by label", async () => {
    // Kabupaten Nduga (95.03) has 51 districts: "Yogosem" is the 51st by label.
    const items = await labels({ type: "district", filters: [{ field: "city", op: "equals", value: "95.03" }] });
    expect(items).toHaveLength(50);
    expect(items[0]).toBe("Amuma");
    expect(items[49]).toBe("Yahuliambut");
    expect(items).not.toContain("Yogosem");
  });

  it("answers a village's imported postal code", async () => {
    const chain = [
      { field: "city", op: "equals", value: "32.73" },
      { field: "district", op: "equals", value: "32.73.01" },
      { field: "subdistrict", op: "equals", value: "32.73.01.1002" },
    ];
    expect(await search({ type: "postal_code", filters: chain })).toEqual([{ field: "postal_code", value: "40153", label: "40153" }]);
    expect(await labels({ type: "postal_code", filters: [{ field: "postal_code", op: "starts_with", value: "401" }, ...chain] })).toEqual(["40153"]);
    expect(await labels({ type: "postal_code", filters: [{ field: "postal_code", op: "contains", value: "0153" }, ...chain] })).toEqual(["40153"]);
    expect(await labels({ type: "postal_code", filters: [{ field: "postal_code", op: "starts_with", value: "402" }, ...chain] })).toEqual([]);
  });

  it.each([
    ["city without a region", { type: "city", filters: [{ field: "city", op: "starts_with", value: "Kot" }] }],
    ["district without a city", { type: "district", filters: [{ field: "region", op: "equals", value: "32" }] }],
    ["subdistrict without its city", { type: "subdistrict", filters: [{ field: "district", op: "equals", value: "32.73.01" }] }],
    [
      "postal_code without its subdistrict",
      { type: "postal_code", filters: [{ field: "city", op: "equals", value: "32.73" }, { field: "district", op: "equals", value: "32.73.01" }] },
    ],
  ])("answers an empty list for a %s", async (_, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { data: [] } });
  });

  it.each([
    ["an unknown type", { type: "country", filters: [] }, { type: ["Isian tidak valid"] }],
    ["an unknown operator", { type: "region", filters: [{ field: "region", op: "like", value: "Ja" }] }, { "filters.0.op": ["Isian tidak valid"] }],
    ["an unknown filter field", { type: "region", filters: [{ field: "province", op: "equals", value: "32" }] }, { "filters.0.field": ["Isian tidak valid"] }],
    ["a blank value", { type: "region", filters: [{ field: "region", op: "starts_with", value: "   " }] }, { "filters.0.value": ["Minimal 1 karakter"] }],
    [
      "six filters",
      { type: "postal_code", filters: Array.from({ length: 6 }, () => ({ field: "city", op: "equals", value: "32.73" })) },
      { filters: ["Maksimal 5"] },
    ],
    [
      "a filter on a child field",
      { type: "city", filters: [{ field: "district", op: "equals", value: "32.73.01" }] },
      { "filters.0.field": ["Filter ini tidak berlaku untuk jenis alamat yang dicari."] },
    ],
    [
      "a text operator on a parent",
      { type: "city", filters: [{ field: "region", op: "contains", value: "Jawa" }] },
      { "filters.0.op": ["Wilayah induk hanya dapat disaring dengan kode yang sama persis."] },
    ],
  ])("refuses %s with 400 and Indonesian field messages", async (_, body, fields) => {
    const before = await rowCounts(t.database);
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: "validation_failed", message: "Data yang dikirim belum benar. Periksa kembali isian Anda.", fields },
    });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  describe("checkAddressValues", () => {
    it("accepts the Gegerkalong chain and gives every label", async () => {
      expect(await checkAddressValues(t.database.db, { ...BANDUNG_CHAIN, postal_code: "40153" })).toEqual({
        errors: {},
        labels: { region: "Jawa Barat", city: "Kota Bandung", district: "Sukasari", subdistrict: "Gegerkalong", postal_code: "40153" },
      });
      // Blank and missing values are not checked (whether they are required is the flow's rule).
      expect(await checkAddressValues(t.database.db, { region: "32", city: " ", district: null })).toEqual({
        errors: {},
        labels: { region: "Jawa Barat" },
      });
    });

    it("refuses a code under another parent, on the child only", async () => {
      // Kabupaten Cilacap (33.01) is in Central Java, not West Java.
      expect(await checkAddressValues(t.database.db, { region: "32", city: "33.01" })).toEqual({
        errors: { city: ["Kota/kabupaten ini tidak berada di provinsi yang dipilih."] },
        labels: { region: "Jawa Barat" },
      });
      expect(await checkAddressValues(t.database.db, { ...BANDUNG_CHAIN, district: "32.04.05", subdistrict: "32.04.05.2001" })).toEqual({
        errors: { district: ["Kecamatan ini tidak berada di kota/kabupaten yang dipilih."] },
        labels: { region: "Jawa Barat", city: "Kota Bandung", subdistrict: "Cileunyi Kulon" },
      });
      expect(await checkAddressValues(t.database.db, { ...BANDUNG_CHAIN, subdistrict: "32.73.02.1001" })).toEqual({
        errors: { subdistrict: ["Kelurahan/desa ini tidak berada di kecamatan yang dipilih."] },
        labels: { region: "Jawa Barat", city: "Kota Bandung", district: "Sukasari" },
      });
    });

    it("refuses unknown codes and children without their parents", async () => {
      expect(await checkAddressValues(t.database.db, { region: "99", city: "32.73", district: "32.73.99", subdistrict: "32.73.99.1001", postal_code: "40153" })).toEqual({
        errors: {
          region: ["Provinsi tidak ditemukan."],
          district: ["Kecamatan tidak ditemukan."],
          subdistrict: ["Kelurahan/desa tidak ditemukan."],
        },
        labels: { city: "Kota Bandung", postal_code: "40153" },
      });
      expect(await checkAddressValues(t.database.db, { city: "32.73", subdistrict: "32.73.01.1002", postal_code: "40153" })).toEqual({
        errors: {
          city: ["Pilih provinsi terlebih dahulu."],
          subdistrict: ["Pilih kota/kabupaten dan kecamatan terlebih dahulu."],
          postal_code: ["Pilih kota/kabupaten, kecamatan, dan kelurahan/desa terlebih dahulu."],
        },
        labels: {},
      });
    });

    it("needs the village's imported postal code, else any 5 digits", async () => {
      expect((await checkAddressValues(t.database.db, { ...BANDUNG_CHAIN, postal_code: "40152" })).errors).toEqual({
        postal_code: ["Kode pos tidak sesuai dengan kelurahan/desa yang dipilih (seharusnya 40153)."],
      });
      expect((await checkAddressValues(t.database.db, { ...BANDUNG_CHAIN, postal_code: "4015" })).errors).toEqual({
        postal_code: ["Kode pos harus 5 angka."],
      });
      await t.database.db.update(addressSubdistricts).set({ postalCode: null }).where(eq(addressSubdistricts.code, "32.73.01.1002"));
      try {
        expect(await checkAddressValues(t.database.db, { ...BANDUNG_CHAIN, postal_code: "12345" })).toMatchObject({
          errors: {},
          labels: { postal_code: "12345" },
        });
        expect((await checkAddressValues(t.database.db, { ...BANDUNG_CHAIN, postal_code: "1234x" })).errors).toEqual({
          postal_code: ["Kode pos harus 5 angka."],
        });
      } finally {
        await t.database.db.update(addressSubdistricts).set({ postalCode: "40153" }).where(eq(addressSubdistricts.code, "32.73.01.1002"));
      }
    });
  });
});
