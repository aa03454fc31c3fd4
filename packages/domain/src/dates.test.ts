import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  addDays,
  daysBetween,
  formatDate,
  formatDateTime,
  formatTerm,
  jakartaToday,
  parseIsoDate,
} from "./dates.ts";

describe("formatDate", () => {
  it("shows a calendar date as d MMM yyyy with Indonesian months", () => {
    expect(formatDate("2026-08-05")).toBe("5 Agu 2026");
    expect(formatDate("2026-01-31")).toBe("31 Jan 2026");
    expect(formatDate("2026-05-01")).toBe("1 Mei 2026");
    expect(formatDate("2026-10-10")).toBe("10 Okt 2026");
    expect(formatDate("2026-12-25")).toBe("25 Des 2026");
  });

  it("uses every month abbreviation", () => {
    const months = Array.from({ length: 12 }, (_, i) => formatDate(`2026-${String(i + 1).padStart(2, "0")}-01`));
    expect(months.map((m) => m.split(" ")[1])).toEqual([
      "Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des",
    ]);
  });

  it("shows an instant in Jakarta time (UTC+7)", () => {
    expect(formatDate(new Date("2026-08-04T16:59:59Z"))).toBe("4 Agu 2026");
    expect(formatDate(new Date("2026-08-04T17:00:00Z"))).toBe("5 Agu 2026");
    expect(formatDate("2026-12-31T17:00:00Z")).toBe("1 Jan 2027");
  });

  it("refuses invalid dates", () => {
    expect(() => formatDate("2026-02-30")).toThrow(RangeError);
    expect(() => formatDate(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("formatDateTime", () => {
  it("shows Jakarta wall time with WIB", () => {
    expect(formatDateTime(new Date("2026-11-22T07:05:00Z"))).toBe("22 Nov 2026 14:05 WIB");
    expect(formatDateTime(new Date("2026-11-21T17:00:00Z"))).toBe("22 Nov 2026 00:00 WIB");
    expect(formatDateTime(new Date("2026-11-22T02:09:00Z"))).toBe("22 Nov 2026 09:09 WIB");
  });
});

describe("addMonths", () => {
  it("clamps to the end of the month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-03-31", 1)).toBe("2026-04-30");
  });

  it("crosses years both ways", () => {
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
    expect(addMonths("2026-05-20", 0)).toBe("2026-05-20");
    expect(addMonths("2026-01-31", 12)).toBe("2027-01-31");
  });

  it("refuses bad input", () => {
    expect(() => addMonths("2026-13-01", 1)).toThrow(RangeError);
    expect(() => addMonths("2026-01-01", 1.5)).toThrow(RangeError);
  });
});

describe("jakartaToday", () => {
  it("is the Jakarta calendar date of the instant", () => {
    expect(jakartaToday(new Date("2026-08-04T16:59:59.999Z"))).toBe("2026-08-04");
    expect(jakartaToday(new Date("2026-08-04T17:00:00Z"))).toBe("2026-08-05");
  });

  it("defaults to now", () => {
    expect(jakartaToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("daysBetween", () => {
  it("counts b minus a in days", () => {
    expect(daysBetween("2026-01-01", "2026-01-31")).toBe(30);
    expect(daysBetween("2026-01-31", "2026-01-01")).toBe(-30);
    expect(daysBetween("2026-02-01", "2026-03-01")).toBe(28);
    expect(daysBetween("2028-02-01", "2028-03-01")).toBe(29);
    expect(daysBetween("2025-12-31", "2026-12-31")).toBe(365);
    expect(daysBetween("2026-06-06", "2026-06-06")).toBe(0);
  });
});

describe("parseIsoDate", () => {
  it("accepts only real yyyy-mm-dd dates", () => {
    expect(parseIsoDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate("2026-02-29")).toBeNull();
    expect(parseIsoDate("2026-2-1")).toBeNull();
    expect(parseIsoDate("2026-00-10")).toBeNull();
  });
});

describe("formatTerm", () => {
  it("uses hari, bulan, tahun", () => {
    expect(formatTerm(7, "month")).toBe("7 bulan");
    expect(formatTerm(30, "day")).toBe("30 hari");
    expect(formatTerm(1, "year")).toBe("1 tahun");
    expect(formatTerm(1000, "day")).toBe("1.000 hari");
  });
});

describe("addDays", () => {
  it("moves across month, year and leap-day ends", () => {
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-01-15", 0)).toBe("2026-01-15");
    expect(() => addDays("2026-01-15", 0.5)).toThrow(RangeError);
  });

  it("is the inverse of daysBetween", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -5_000, max: 5_000 }), (offset, days) => {
        const start = addDays("1990-01-01", offset);
        expect(daysBetween(start, addDays(start, days))).toBe(days);
      }),
    );
  });
});
