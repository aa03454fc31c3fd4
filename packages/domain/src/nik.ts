import { t } from "@pinjaman/i18n";
import { isValidCalendarDate, parseIsoDate, toIsoDate } from "./dates.ts";
import type { CalendarDate } from "./dates.ts";
import "@pinjaman/i18n/ns/validation";

/**
 * Indonesian national ID number (NIK, "personal code") rules, spec section 5.
 * Layout: PP KK CC DDMMYY SSSS — province, city, district, birth date (women: day + 40),
 * serial number.
 */

export const MIN_APPLICANT_AGE = 25;
export const NIK_CHECK_FROM_LENGTH = 12;
export const NIK_LENGTH = 16;

export type NikAgeCheck = { valid: true } | { valid: false; message: string };

interface RawBirthDate {
  day: number;
  month: number;
  twoDigitYear: number;
}

/** Day, month and two-digit year from characters 7-12, or null when they are not digits. */
function rawBirthDate(code: string): RawBirthDate | null {
  const part = code.slice(6, 12);
  if (!/^\d{6}$/.test(part)) return null;
  let dayTens = Number(part[0]);
  // Women have 40 added to the day: a seventh digit above 3 loses 4.
  if (dayTens > 3) dayTens -= 4;
  return {
    day: dayTens * 10 + Number(part[1]),
    month: Number(part.slice(2, 4)),
    twoDigitYear: Number(part.slice(4, 6)),
  };
}

/**
 * Century rule from the spec: under 10 → 200y, below the current two-digit year → 20yy,
 * otherwise 19yy.
 */
function fullYear(twoDigitYear: number, currentYear: number): number {
  if (twoDigitYear < 10) return 2000 + twoDigitYear;
  if (twoDigitYear < currentYear % 100) return 2000 + twoDigitYear;
  return 1900 + twoDigitYear;
}

function requireToday(today: string): CalendarDate {
  const date = parseIsoDate(today);
  if (!date) throw new RangeError(`today must be a yyyy-mm-dd date: ${today}`);
  return date;
}

/**
 * Birth date (`yyyy-mm-dd`) embedded in a NIK, from 12 characters on; null when the code is
 * shorter, the characters are not digits or the date does not exist.
 */
export function nikBirthDate(code: string, today: string): string | null {
  const now = requireToday(today);
  if (code.length < NIK_CHECK_FROM_LENGTH) return null;
  const raw = rawBirthDate(code);
  if (!raw) return null;
  const year = fullYear(raw.twoDigitYear, now.year);
  if (!isValidCalendarDate(year, raw.month, raw.day)) return null;
  return toIsoDate({ year, month: raw.month, day: raw.day });
}

/** Age in whole years on `today`, one less while this year's birthday has not come yet. */
export function nikAge(code: string, today: string): number | null {
  const birthIso = nikBirthDate(code, today);
  if (!birthIso) return null;
  const birth = parseIsoDate(birthIso);
  const now = requireToday(today);
  if (!birth) return null;
  const birthdayPassed = now.month > birth.month || (now.month === birth.month && now.day >= birth.day);
  return now.year - birth.year - (birthdayPassed ? 0 : 1);
}

/**
 * The applicant age rule: under 12 characters there is no check; from 12 characters the age
 * from the embedded birth date must be at least 25. A code whose birth date cannot be read is
 * not refused here (format is `isValidNikFormat`'s job, the spec's rule is about age only).
 */
export function checkNikAge(code: string, today: string): NikAgeCheck {
  if (code.length < NIK_CHECK_FROM_LENGTH) return { valid: true };
  const age = nikAge(code, today);
  if (age === null || age >= MIN_APPLICANT_AGE) return { valid: true };
  return { valid: false, message: t("validation.nik_underage") };
}

/**
 * 16 digits whose birth-date part is a real calendar date (month 1-12, women's day − 40).
 * The century does not matter for validity: within 1900-2099 a year is leap exactly when its
 * two digits are divisible by 4 (1900 never arises — "00" means 2000 under the century rule).
 */
export function isValidNikFormat(code: string): boolean {
  if (!new RegExp(`^\\d{${NIK_LENGTH}}$`).test(code)) return false;
  const raw = rawBirthDate(code);
  if (!raw) return false;
  return isValidCalendarDate(2000 + raw.twoDigitYear, raw.month, raw.day);
}

/** "PP.KK.CC" (province.city.district) from the first six digits; null if they are not digits. */
export function nikRegionCode(code: string): string | null {
  const region = code.slice(0, 6);
  if (!/^\d{6}$/.test(region)) return null;
  return `${region.slice(0, 2)}.${region.slice(2, 4)}.${region.slice(4, 6)}`;
}
