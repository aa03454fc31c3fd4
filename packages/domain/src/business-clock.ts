import { JAKARTA_OFFSET_MS, daysBetween, jakartaToday } from "./dates.ts";

/**
 * The business clock: the instant the books live at. Outside the sandbox it is the real time;
 * in the sandbox a tester may move it forward by whole days (a stored offset, never negative).
 * Business dates and times of day are Asia/Jakarta (WIB, UTC+7 all year).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** The most days one sandbox move may skip (a year, leap years included). */
export const MAX_CLOCK_MOVE_DAYS = 366;

/** The business instant for a real instant and the stored offset in days (0 outside the sandbox). */
export function businessInstant(real: Date, offsetDays: number): Date {
  if (!Number.isSafeInteger(offsetDays) || offsetDays < 0) throw new RangeError(`The clock offset must be whole days, never negative: ${offsetDays}`);
  return new Date(real.getTime() + offsetDays * DAY_MS);
}

/** The business date (`yyyy-mm-dd`, Jakarta) of a business instant. */
export function businessDateOf(instant: Date): string {
  return jakartaToday(instant);
}

/**
 * The instant on business date `businessDate` at the real time of day: what code that knows only
 * the business date (a payment's, a loan change's) stamps a notice with, so it reads as the same
 * day the books show, also after the sandbox clock moved.
 */
export function instantOnBusinessDate(businessDate: string, real: Date = new Date()): Date {
  return new Date(real.getTime() + daysBetween(jakartaToday(real), businessDate) * DAY_MS);
}

/** When a job runs, in business time (Jakarta): daily at a time of day, or every N minutes. */
export type JobSchedule = { daily: `${number}:${number}` } | { everyMinutes: number };

/** One run a job owes: `key` is unique per job (the business date, or date and slot). */
export type JobOccurrence = { key: string; businessDate: string; at: Date };

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after Jakarta midnight of "HH:MM"; throws on anything else. */
export function minutesOfDay(hhmm: string): number {
  const match = HH_MM.exec(hhmm);
  if (!match) throw new RangeError(`Not a HH:MM time of day: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function assertValidSchedule(schedule: JobSchedule): void {
  if ("daily" in schedule) minutesOfDay(schedule.daily);
  else if (!Number.isInteger(schedule.everyMinutes) || schedule.everyMinutes < 1 || 1440 % schedule.everyMinutes !== 0)
    throw new RangeError(`everyMinutes must divide a day (1, 5, 15, 60, …): ${schedule.everyMinutes}`);
}

/** The Jakarta midnight (as an instant) of the Jakarta day holding `instant`. */
function jakartaMidnight(instant: Date): number {
  const local = instant.getTime() + JAKARTA_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - JAKARTA_OFFSET_MS;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * The occurrences of a schedule after `from` up to and including `to` (business instants), oldest
 * first. A daily job owes one per business date whose HH:MM lies in the span; an every-N-minutes
 * job one per slot (keyed by date and slot time). Empty when `to` is not after `from`.
 */
export function dueOccurrences(schedule: JobSchedule, from: Date, to: Date): JobOccurrence[] {
  assertValidSchedule(schedule);
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return [];
  const step = "daily" in schedule ? DAY_MS : schedule.everyMinutes * MINUTE_MS;
  const offset = "daily" in schedule ? minutesOfDay(schedule.daily) * MINUTE_MS : 0;
  const occurrences: JobOccurrence[] = [];
  // The first slot after `from`: slots are Jakarta midnight + offset + k × step.
  const midnight = jakartaMidnight(from);
  let at = midnight + offset + Math.floor((start - midnight - offset) / step + 1) * step;
  for (; at <= end; at += step) {
    const instant = new Date(at);
    const businessDate = businessDateOf(instant);
    const local = new Date(at + JAKARTA_OFFSET_MS);
    const key = "daily" in schedule ? businessDate : `${businessDate}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
    occurrences.push({ key, businessDate, at: instant });
  }
  return occurrences;
}

/** The latest occurrence at or before `now`: the one a job owes now (the key of the running slot). */
export function currentOccurrence(schedule: JobSchedule, now: Date): JobOccurrence {
  const step = "daily" in schedule ? DAY_MS : schedule.everyMinutes * MINUTE_MS;
  const [occurrence] = dueOccurrences(schedule, new Date(now.getTime() - step), now);
  if (!occurrence) throw new Error("a schedule owes one occurrence per step");
  return occurrence;
}
