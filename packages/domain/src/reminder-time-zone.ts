/**
 * The customer's own time for reminders: Indonesia has three zones, none with daylight saving.
 * The zone follows the province of the address (the first two digits of the Kemendagri region
 * code, e.g. "32" Jawa Barat, also inside a longer code "32.73.01").
 */

export type IndonesianTimeZone = "WIB" | "WITA" | "WIT";

export const UTC_OFFSET_HOURS: Record<IndonesianTimeZone, number> = { WIB: 7, WITA: 8, WIT: 9 };

/**
 * Provinces by zone (Peraturan Presiden 41/1987 on the three time zones; the new Papua provinces
 * of 2022 follow Papua). Kalimantan Barat and Tengah are WIB, the other Kalimantan provinces WITA.
 */
const PROVINCES: Record<IndonesianTimeZone, readonly string[]> = {
  // Sumatra, Bangka Belitung, Kepulauan Riau, Java, Banten, Kalimantan Barat and Tengah.
  WIB: ["11", "12", "13", "14", "15", "16", "17", "18", "19", "21", "31", "32", "33", "34", "35", "36", "61", "62"],
  // Bali, Nusa Tenggara, Kalimantan Selatan, Timur, Utara, every Sulawesi province.
  WITA: ["51", "52", "53", "63", "64", "65", "71", "72", "73", "74", "75", "76"],
  // Maluku, Maluku Utara, the six Papua provinces.
  WIT: ["81", "82", "91", "92", "93", "94", "95", "96"],
};

const ZONE_OF_PROVINCE = new Map<string, IndonesianTimeZone>(
  (Object.entries(PROVINCES) as [IndonesianTimeZone, readonly string[]][]).flatMap(([zone, codes]) => codes.map((code) => [code, zone] as const)),
);

/** Every province code the rule knows, for tests and data checks. */
export const KNOWN_PROVINCE_CODES: readonly string[] = [...ZONE_OF_PROVINCE.keys()];

/**
 * The zone of a region code (province or any code below it). An unknown or missing code gives
 * WIB: the platform's own zone, where most customers live, so a reminder is never sent at night
 * in Jakarta because an address is incomplete.
 */
export function timeZoneOfRegion(regionCode: string | null | undefined): IndonesianTimeZone {
  const province = regionCode?.trim().slice(0, 2) ?? "";
  return ZONE_OF_PROVINCE.get(province) ?? "WIB";
}

/** Reminders go out from 08:00 up to (not including) 20:00 local time. */
export const REMINDER_HOURS = { from: 8, until: 20 } as const;

/** The local hour and minute of an instant in a zone. */
export function localTimeOfDay(instant: Date, zone: IndonesianTimeZone): { hour: number; minute: number } {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid Date");
  const local = new Date(ms + UTC_OFFSET_HOURS[zone] * 60 * 60 * 1000);
  return { hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

/** True when a reminder may reach the customer now: 08:00 ≤ local time < 20:00. */
export function withinReminderHours(instant: Date, zone: IndonesianTimeZone): boolean {
  const { hour } = localTimeOfDay(instant, zone);
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.until;
}
