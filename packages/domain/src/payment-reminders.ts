import { addDays, daysBetween } from "./dates.ts";
import { UTC_OFFSET_HOURS, type IndonesianTimeZone } from "./reminder-time-zone.ts";

/**
 * When an invoice's payment reminders are due (decision 0017), in the customer's own dates:
 * 3 days and 1 day before the due date, on it, and when late on days 1, 3 and 7, then every
 * 7 days (14, 21, …) while it stays unpaid.
 *
 * A kind is keyed by its offset from the due date: `before_3`, `before_1`, `due`, `late_1`,
 * `late_3`, `late_7`, `late_14`, … The kind due on a date is the LATEST one whose date has come,
 * so a reminder missed (no hour inside 08:00–20:00 ran that day, an outage) goes out once later
 * and is not followed by a burst of the older ones; the texts name the due date itself, never
 * "in 3 days", so a late send never misleads.
 */

export type ReminderDue = { kind: string; on: string };

const LATE_DAYS_BEFORE_WEEKLY = [1, 3, 7] as const;

function kindOfOffset(days: number): string {
  if (days < 0) return `before_${-days}`;
  return days === 0 ? "due" : `late_${days}`;
}

/** The latest reminder offset (days from the due date) on or before `daysLate`, or null before the first. */
function latestOffset(daysLate: number): number | null {
  if (daysLate < -3) return null;
  if (daysLate < -1) return -3;
  if (daysLate < 0) return -1;
  if (daysLate < 1) return 0;
  if (daysLate < 7) return [...LATE_DAYS_BEFORE_WEEKLY].reverse().find((d) => d <= daysLate)!;
  return Math.floor(daysLate / 7) * 7;
}

/** The reminder an invoice due on `dueOn` is owed on the customer's `localDate`, or null. */
export function reminderDueOn(dueOn: string, localDate: string): ReminderDue | null {
  const offset = latestOffset(daysBetween(dueOn, localDate));
  return offset === null ? null : { kind: kindOfOffset(offset), on: addDays(dueOn, offset) };
}

/** The calendar date of an instant in a zone, `yyyy-mm-dd`. */
export function localDateOf(instant: Date, zone: IndonesianTimeZone): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid Date");
  return new Date(ms + UTC_OFFSET_HOURS[zone] * 60 * 60 * 1000).toISOString().slice(0, 10);
}
