/**
 * The names people type for places, beside the names Kemendagri publishes (idn-area-data):
 * "DKI" for "Daerah Khusus Ibukota Jakarta", "Jabar" for "Jawa Barat", "Kab. Bandung" for
 * "Kabupaten Bandung". Pure data and rules; the address search (country_addresses/autocomplete)
 * turns a query into AreaQuery and matches it against the published names.
 */
import { addressTextOp, type AddressType } from "./address-filter.ts";

/** Provinces by their BPS code, with the short names and abbreviations in everyday use. */
export const REGION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "11": ["NAD", "Nanggroe Aceh Darussalam"],
  "12": ["Sumut"],
  "13": ["Sumbar"],
  "14": [],
  "15": [],
  "16": ["Sumsel"],
  "17": [],
  "18": [],
  "19": ["Babel", "Bangka Belitung"],
  "21": ["Kepri"],
  "31": ["DKI", "DKI Jakarta", "Jakarta", "DKJ", "Daerah Khusus Jakarta", "Jakarta Raya"],
  "32": ["Jabar"],
  "33": ["Jateng"],
  "34": ["DIY", "DI Yogyakarta", "Yogya", "Jogja", "Jogjakarta", "Yogyakarta"],
  "35": ["Jatim"],
  "36": [],
  "51": [],
  "52": ["NTB"],
  "53": ["NTT"],
  "61": ["Kalbar"],
  "62": ["Kalteng"],
  "63": ["Kalsel"],
  "64": ["Kaltim"],
  "65": ["Kaltara"],
  "71": ["Sulut"],
  "72": ["Sulteng"],
  "73": ["Sulsel"],
  "74": ["Sultra"],
  "75": [],
  "76": ["Sulbar"],
  "81": [],
  "82": ["Malut"],
  "91": [],
  "92": ["Pabar"],
  "93": [],
  "94": [],
  "95": [],
  "96": ["PBD"],
};

/** Regencies and cities (kabupaten/kota) by code, with the short names in everyday use. */
export const CITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "31.71": ["Jakpus"],
  "31.72": ["Jakut"],
  "31.73": ["Jakbar"],
  "31.74": ["Jaksel"],
  "31.75": ["Jaktim"],
  "34.71": ["Yogya", "Jogja", "Jogjakarta"],
};

/** The kind of regency a published city name starts with. */
export type CityKind = "Kabupaten" | "Kota";

/**
 * Words people put before a name, per address level, longest first, lower case without dots.
 * City prefixes also say which kind of regency is meant (Kab. Bandung is not Kota Bandung).
 */
const PREFIXES: Readonly<Record<Exclude<AddressType, "postal_code">, readonly (readonly [string, CityKind | null])[]>> = {
  region: [
    ["daerah khusus ibukota", null],
    ["daerah khusus", null],
    ["daerah istimewa", null],
    ["propinsi", null],
    ["provinsi", null],
    ["prov", null],
    ["di", null],
  ],
  city: [
    ["kabupaten administrasi", "Kabupaten"],
    ["kota administrasi", "Kota"],
    ["kota adm", "Kota"],
    ["kabupaten", "Kabupaten"],
    ["kotamadya", "Kota"],
    ["kodya", "Kota"],
    ["kab", "Kabupaten"],
    ["kota", "Kota"],
  ],
  district: [
    ["kecamatan", null],
    ["kec", null],
  ],
  subdistrict: [
    ["kelurahan", null],
    ["desa", null],
    ["kel", null],
    ["ds", null],
  ],
};

/** Lower case, dots and commas as spaces, single spaces: "Kab.  Bandung" → "kab bandung". */
export function normalizeAreaName(text: string): string {
  return text.toLowerCase().replace(/[.,]/g, " ").replace(/\s+/g, " ").trim();
}

export interface AreaQuery {
  /**
   * The query without the prefix people add ("Provinsi", "Kab.", "Kota", "Kec.", "Desa"…) and the
   * text operator its length calls for; null when it had no prefix or nothing follows it.
   */
  withoutPrefix: { op: "starts_with" | "contains"; value: string } | null;
  /** For a city: the kind its prefix named, so only names starting with that kind match. */
  kind: CityKind | null;
  /** Codes of the places whose everyday name ("DKI", "Jabar", "Jogja", "Jaksel") starts with the query. */
  aliasCodes: string[];
}

function stripPrefix(type: Exclude<AddressType, "postal_code">, normalized: string): { rest: string; kind: CityKind | null } {
  for (const [prefix, kind] of PREFIXES[type]) {
    if (normalized.startsWith(`${prefix} `)) return { rest: normalized.slice(prefix.length + 1), kind };
  }
  return { rest: normalized, kind: null };
}

/** Codes with an alias that starts with one of the normalized queries. */
function aliasMatches(aliases: Readonly<Record<string, readonly string[]>>, queries: readonly string[]): string[] {
  return Object.entries(aliases)
    .filter(([, names]) => names.some((alias) => queries.some((q) => q !== "" && normalizeAreaName(alias).startsWith(q))))
    .map(([code]) => code);
}

/**
 * What a typed address query asks for besides the published name as typed: the name without its
 * prefix (with the kind of regency a city prefix names) and the places known by an everyday name
 * starting with the query. Postal codes are digits and have neither.
 */
export function parseAreaQuery(type: AddressType, query: string): AreaQuery {
  if (type === "postal_code") return { withoutPrefix: null, kind: null, aliasCodes: [] };
  const normalized = normalizeAreaName(query);
  const { rest, kind } = stripPrefix(type, normalized);
  const table = type === "region" ? REGION_ALIASES : type === "city" ? CITY_ALIASES : {};
  const aliasCodes = aliasMatches(table, rest === normalized ? [normalized] : [normalized, rest]);
  if (rest === normalized) return { withoutPrefix: null, kind: null, aliasCodes };
  return { withoutPrefix: { op: addressTextOp(rest), value: rest }, kind, aliasCodes };
}
