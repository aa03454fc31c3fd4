import { t } from "@pinjaman/i18n";
import { formatNumber } from "./money.ts";
import "@pinjaman/i18n/ns/format";

/**
 * Calendar helpers. A `yyyy-mm-dd` string is a calendar date with no time zone; a Date is an
 * instant, shown in Asia/Jakarta time. Jakarta is UTC+7 all year (no daylight saving), so the
 * offset is applied arithmetically instead of relying on the runtime's ICU time-zone data.
 */

export const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type TermUnit = "day" | "month" | "year";

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Parses a strict `yyyy-mm-dd` string; null when malformed or not a real date. */
export function parseIsoDate(iso: string): CalendarDate | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isValidCalendarDate(year, month, day) ? { year, month, day } : null;
}

function requireIsoDate(iso: string): CalendarDate {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not a yyyy-mm-dd calendar date: ${iso}`);
  return date;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The Jakarta wall-clock parts of an instant. */
function jakartaParts(instant: Date): CalendarDate & { hour: number; minute: number } {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid Date");
  const shifted = new Date(ms + JAKARTA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

function monthAbbreviation(month: number): string {
  return t(`format.months.${month}`);
}

function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${day} ${monthAbbreviation(month)} ${year}`;
}

/**
 * "d MMM yyyy" in Indonesian: "5 Agu 2026". A `yyyy-mm-dd` string is shown as that calendar
 * date; a Date (or any other date-time string) is an instant shown in Jakarta time.
 * Throws a RangeError for an invalid date.
 */
export function formatDate(d: Date | string): string {
  if (typeof d === "string") {
    if (ISO_DATE.test(d)) return formatCalendarDate(requireIsoDate(d));
    return formatCalendarDate(jakartaParts(new Date(d)));
  }
  return formatCalendarDate(jakartaParts(d));
}

/** "22 Nov 2026 14:05 WIB": the instant in Jakarta time, 24-hour clock. */
export function formatDateTime(d: Date): string {
  const parts = jakartaParts(d);
  return `${formatCalendarDate(parts)} ${pad(parts.hour)}:${pad(parts.minute)} ${t("format.time_zone")}`;
}

/**
 * Adds whole months to a calendar date, clamping the day to the end of the target month:
 * 2026-01-31 + 1 → 2026-02-28. Negative months go back.
 */
export function addMonths(isoDate: string, months: number): string {
  if (!Number.isSafeInteger(months)) throw new RangeError(`Months must be an integer: ${months}`);
  const { year, month, day } = requireIsoDate(isoDate);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return toIsoDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Today's calendar date in Jakarta, `yyyy-mm-dd`. */
export function jakartaToday(now: Date = new Date()): string {
  return toIsoDate(jakartaParts(now));
}

/** Epoch milliseconds of the date's UTC midnight (setUTCFullYear keeps years 0-99 literal). */
function utcMidnight({ year, month, day }: CalendarDate): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** Whole days from `a` to `b` (b − a): negative when `b` is earlier. */
export function daysBetween(a: string, b: string): number {
  const from = requireIsoDate(a);
  const to = requireIsoDate(b);
  return (utcMidnight(to) - utcMidnight(from)) / DAY_MS;
}

/** The date `days` days after `isoDate` (before it when negative), yyyy-mm-dd. */
export function addDays(isoDate: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  const date = new Date(utcMidnight(requireIsoDate(isoDate)) + days * DAY_MS);
  return toIsoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** "7 bulan", "30 hari", "1 tahun". */
export function formatTerm(n: number, unit: TermUnit): string {
  return `${formatNumber(n)} ${t(`format.units.${unit}`)}`;
}
