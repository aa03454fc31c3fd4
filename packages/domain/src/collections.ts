import { localTimeOfDay, REMINDER_HOURS, timeZoneOfRegion, withinReminderHours, type IndonesianTimeZone } from "./reminder-time-zone.ts";

/**
 * Collection rules (decision 0027), pure: the days-past-due buckets
 * the collections queue groups late loans by, the contact window of the OJK/AFPI collection ethics
 * (a borrower is contacted only 08:00–20:00 of their own time), and whether a promise to pay was
 * kept.
 */

export const DPD_BUCKETS = ["1_30", "31_60", "61_90", "over_90"] as const;
export type DpdBucket = (typeof DPD_BUCKETS)[number];

/** Each bucket's days past due, both ends included (`to` null: no upper end); the list's SQL filters by them too. */
export const DPD_BUCKET_RANGES: Readonly<Record<DpdBucket, { from: number; to: number | null }>> = {
  "1_30": { from: 1, to: 30 },
  "31_60": { from: 31, to: 60 },
  "61_90": { from: 61, to: 90 },
  over_90: { from: 91, to: null },
};

/** The bucket of a loan x days past due; null when it is not late (0 or less). */
export function dpdBucket(daysPastDue: number): DpdBucket | null {
  if (!Number.isFinite(daysPastDue)) return null;
  return (
    DPD_BUCKETS.find((bucket) => {
      const { from, to } = DPD_BUCKET_RANGES[bucket];
      return daysPastDue >= from && (to === null || daysPastDue <= to);
    }) ?? null
  );
}

/** A write-off needs the loan more than 90 days past due (decision 0009). */
export const WRITE_OFF_MIN_DAYS_PAST_DUE = 91;

/**
 * Contacting a borrower is allowed from 08:00 up to, not including, 20:00 local time (AFPI
 * code of conduct for collection, POJK 10/2022 art. 102 on ethical collection): the hours of the
 * payment reminders (decision 0017), checked by the same function.
 */
export const CONTACT_HOURS = REMINDER_HOURS;

export type ContactWindow = { allowed: boolean; zone: IndonesianTimeZone; localTime: string };

/** Whether a borrower living in this region (province code or any code below it) may be contacted at this instant. */
export function contactWindow(instant: Date, regionCode: string | null | undefined): ContactWindow {
  const zone = timeZoneOfRegion(regionCode);
  const { hour, minute } = localTimeOfDay(instant, zone);
  const localTime = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return { allowed: withinReminderHours(instant, zone), zone, localTime };
}

export type PromiseStatus = "pending" | "kept" | "broken";

/**
 * A promise is kept once the payments made from the day it was made up to its date reach its
 * amount (even before the date); broken when its date has passed without that; pending otherwise.
 */
export function promiseStatus(promise: { promisedOn: string; amount: number }, paidSinceMade: number, today: string): PromiseStatus {
  if (paidSinceMade >= promise.amount) return "kept";
  return today > promise.promisedOn ? "broken" : "pending";
}
