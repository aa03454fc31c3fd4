/**
 * Province codes of the Kemendagri 2025 regions (the first two NIK digits, and the address
 * chain's region codes): 38 provinces, Aceh (11) to Papua Barat Daya (96).
 */
export const PROVINCE_CODES: readonly string[] = [
  "11", "12", "13", "14", "15", "16", "17", "18", "19", "21",
  "31", "32", "33", "34", "35", "36",
  "51", "52", "53",
  "61", "62", "63", "64", "65",
  "71", "72", "73", "74", "75", "76",
  "81", "82",
  "91", "92", "93", "94", "95", "96",
];

/** The province code ("32") a NIK was issued in; null when its first two digits are none. */
export function regionCodeFromNik(code: string): string | null {
  const region = code.slice(0, 2);
  return PROVINCE_CODES.includes(region) ? region : null;
}
