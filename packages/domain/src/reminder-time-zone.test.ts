import { describe, expect, it } from "vitest";
import { KNOWN_PROVINCE_CODES, timeZoneOfRegion, withinReminderHours, type IndonesianTimeZone } from "./reminder-time-zone.ts";

describe("timeZoneOfRegion", () => {
  it.each([
    ["11", "WIB"], // Aceh
    ["21", "WIB"], // Kepulauan Riau
    ["31", "WIB"], // Jakarta
    ["36", "WIB"], // Banten
    ["61", "WIB"], // Kalimantan Barat
    ["62", "WIB"], // Kalimantan Tengah
    ["51", "WITA"], // Bali
    ["53", "WITA"], // Nusa Tenggara Timur
    ["63", "WITA"], // Kalimantan Selatan
    ["65", "WITA"], // Kalimantan Utara
    ["73", "WITA"], // Sulawesi Selatan
    ["76", "WITA"], // Sulawesi Barat
    ["81", "WIT"], // Maluku
    ["82", "WIT"], // Maluku Utara
    ["91", "WIT"], // Papua
    ["96", "WIT"], // Papua Barat Daya
  ] as const)("province %s is %s", (code, zone) => {
    expect(timeZoneOfRegion(code)).toBe(zone);
  });

  it("reads the province out of a city, district or village code", () => {
    expect(timeZoneOfRegion("51.71")).toBe("WITA");
    expect(timeZoneOfRegion("94.01.01.2001")).toBe("WIT");
    expect(timeZoneOfRegion("32.73.01")).toBe("WIB");
  });

  it("falls back to WIB for a missing or unknown code", () => {
    expect(timeZoneOfRegion(null)).toBe("WIB");
    expect(timeZoneOfRegion("")).toBe("WIB");
    expect(timeZoneOfRegion("99")).toBe("WIB");
  });

  it("knows all 38 provinces of the Kemendagri 2025 data, each in one zone", () => {
    expect(KNOWN_PROVINCE_CODES).toHaveLength(38);
    expect(new Set(KNOWN_PROVINCE_CODES).size).toBe(38);
  });
});

describe("withinReminderHours", () => {
  // 2026-03-10 at HH:MM local time in the zone, as an instant.
  const local = (hhmm: string, offset: number) => new Date(`2026-03-10T${hhmm}:00+0${offset}:00`);
  const zones: [IndonesianTimeZone, number][] = [
    ["WIB", 7],
    ["WITA", 8],
    ["WIT", 9],
  ];

  it.each(zones)("%s: 07:59 no, 08:00 yes, 19:59 yes, 20:00 no", (zone, offset) => {
    expect(withinReminderHours(local("07:59", offset), zone)).toBe(false);
    expect(withinReminderHours(local("08:00", offset), zone)).toBe(true);
    expect(withinReminderHours(local("19:59", offset), zone)).toBe(true);
    expect(withinReminderHours(local("20:00", offset), zone)).toBe(false);
    expect(withinReminderHours(local("00:00", offset), zone)).toBe(false);
  });

  it("one instant is inside for Papua and still outside for Jakarta", () => {
    const at = new Date("2026-03-09T23:30:00Z"); // 06:30 WIB, 07:30 WITA, 08:30 WIT
    expect(withinReminderHours(at, "WIB")).toBe(false);
    expect(withinReminderHours(at, "WITA")).toBe(false);
    expect(withinReminderHours(at, "WIT")).toBe(true);
    const evening = new Date("2026-03-10T12:30:00Z"); // 19:30 WIB, 20:30 WITA, 21:30 WIT
    expect(withinReminderHours(evening, "WIB")).toBe(true);
    expect(withinReminderHours(evening, "WITA")).toBe(false);
    expect(withinReminderHours(evening, "WIT")).toBe(false);
  });
});
