import { describe, expect, it } from "vitest";
import { CITY_ALIASES, REGION_ALIASES, normalizeAreaName, parseAreaQuery } from "./address-aliases.ts";

describe("the alias data", () => {
  it("lists each of the 38 provinces once, by BPS code", () => {
    const codes = Object.keys(REGION_ALIASES);
    expect(codes).toHaveLength(38);
    expect(codes.every((code) => /^\d{2}$/.test(code))).toBe(true);
  });

  it("gives each alias to one place only", () => {
    for (const table of [REGION_ALIASES, CITY_ALIASES]) {
      const all = Object.values(table).flat().map(normalizeAreaName);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it("keys cities by regency code", () => {
    expect(Object.keys(CITY_ALIASES).every((code) => /^\d{2}\.\d{2}$/.test(code))).toBe(true);
  });
});

describe("normalizeAreaName", () => {
  it("lower-cases, drops dots and commas, collapses spaces", () => {
    expect(normalizeAreaName("  Kab.  Bandung ")).toBe("kab bandung");
    expect(normalizeAreaName("D.I. Yogyakarta")).toBe("d i yogyakarta");
    expect(normalizeAreaName("Kota Adm.Jakarta")).toBe("kota adm jakarta");
  });
});

describe("parseAreaQuery", () => {
  const codes = (type: Parameters<typeof parseAreaQuery>[0], query: string) => parseAreaQuery(type, query).aliasCodes;

  it("finds provinces by the abbreviations people type", () => {
    expect(codes("region", "dki")).toEqual(["31"]);
    expect(codes("region", "DKI Jakarta")).toEqual(["31"]);
    expect(codes("region", "jakarta")).toEqual(["31"]);
    expect(codes("region", "DIY")).toEqual(["34"]);
    expect(codes("region", "jogja")).toEqual(["34"]);
    expect(codes("region", "Yogya")).toEqual(["34"]);
    const expected: Record<string, string> = {
      jabar: "32", jateng: "33", jatim: "35", kalbar: "61", kalteng: "62", kalsel: "63", kaltim: "64", kaltara: "65",
      sumut: "12", sumbar: "13", sumsel: "16", sulut: "71", sulteng: "72", sulsel: "73", sultra: "74", sulbar: "76",
      ntb: "52", ntt: "53", babel: "19", kepri: "21", pbd: "96",
    };
    for (const [query, code] of Object.entries(expected)) expect(codes("region", query), query).toEqual([code]);
  });

  it("matches an abbreviation while it is being typed", () => {
    expect(codes("region", "jab")).toEqual(["32"]);
    expect(codes("region", "Kal")).toEqual(["61", "62", "63", "64", "65"]);
    expect(codes("region", "nt")).toEqual(["52", "53"]);
  });

  it("finds no alias for a published name or an unknown word", () => {
    expect(codes("region", "Jawa")).toEqual([]);
    expect(codes("region", "Bali")).toEqual([]);
    expect(codes("region", "xyz")).toEqual([]);
  });

  it("drops a province prefix and still finds its abbreviation", () => {
    expect(parseAreaQuery("region", "Provinsi Jawa Barat")).toEqual({
      withoutPrefix: { op: "contains", value: "jawa barat" },
      kind: null,
      aliasCodes: [],
    });
    expect(parseAreaQuery("region", "Prov. Jabar")).toEqual({
      withoutPrefix: { op: "contains", value: "jabar" },
      kind: null,
      aliasCodes: ["32"],
    });
    expect(parseAreaQuery("region", "Daerah Khusus Jakarta").withoutPrefix).toEqual({ op: "contains", value: "jakarta" });
    expect(parseAreaQuery("region", "Daerah Istimewa Yogyakarta").aliasCodes).toEqual(["34"]);
  });

  it("keeps a query without prefix as typed", () => {
    expect(parseAreaQuery("region", "Jawa")).toEqual({ withoutPrefix: null, kind: null, aliasCodes: [] });
    // "Kotabaru" is a name, not "Kota" + "baru".
    expect(parseAreaQuery("city", "Kotabaru")).toEqual({ withoutPrefix: null, kind: null, aliasCodes: [] });
    expect(parseAreaQuery("city", "kota")).toEqual({ withoutPrefix: null, kind: null, aliasCodes: [] });
  });

  it("tells which kind of regency a city prefix names", () => {
    expect(parseAreaQuery("city", "Kab. Bandung")).toEqual({
      withoutPrefix: { op: "contains", value: "bandung" },
      kind: "Kabupaten",
      aliasCodes: [],
    });
    expect(parseAreaQuery("city", "kab bdg").withoutPrefix).toEqual({ op: "starts_with", value: "bdg" });
    expect(parseAreaQuery("city", "Kotamadya Bandung").kind).toBe("Kota");
    expect(parseAreaQuery("city", "Kota Adm. Jakarta Selatan")).toEqual({
      withoutPrefix: { op: "contains", value: "jakarta selatan" },
      kind: "Kota",
      aliasCodes: [],
    });
  });

  it("finds cities by their everyday names", () => {
    expect(codes("city", "Jaksel")).toEqual(["31.74"]);
    expect(codes("city", "jogja")).toEqual(["34.71"]);
    expect(codes("city", "Kota Jogja")).toEqual(["34.71"]);
  });

  it("drops district and village prefixes", () => {
    expect(parseAreaQuery("district", "Kec. Sukasari").withoutPrefix).toEqual({ op: "contains", value: "sukasari" });
    expect(parseAreaQuery("subdistrict", "Desa Gegerkalong").withoutPrefix).toEqual({ op: "contains", value: "gegerkalong" });
    expect(parseAreaQuery("subdistrict", "Kel. Isola").withoutPrefix).toEqual({ op: "contains", value: "isola" });
  });

  it("leaves postal codes alone", () => {
    expect(parseAreaQuery("postal_code", "401")).toEqual({ withoutPrefix: null, kind: null, aliasCodes: [] });
  });
});
