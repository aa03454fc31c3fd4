import { localTimeOfDay, timeZoneOfRegion, type IndonesianTimeZone } from "./reminder-time-zone.ts";

/**
 * Collection rules (decision 0027), pure: the days-past-due buckets
 * the collections queue groups late loans by, the contact window of the OJK/AFPI collection ethics
 * (a borrower is contacted only 08:00–20:00 of their own time), and whether a promise to pay was
 * kept.
 */

export const DPD_BUCKETS = ["1_30", "31_60", "61_90", "over_90"] as const;
export type DpdBucket = (typeof DPD_BUCKETS)[number];

/** The bucket of a loan x days past due; null when it is not late (0 or less). */
export function dpdBucket(daysPastDue: number): DpdBucket | null {
  if (!Number.isFinite(daysPastDue) || daysPastDue <= 0) return null;
  if (daysPastDue <= 30) return "1_30";
  if (daysPastDue <= 60) return "31_60";
  if (daysPastDue <= 90) return "61_90";
  return "over_90";
}

/** A write-off needs the loan more than 90 days past due (decision 0009). */
export const WRITE_OFF_MIN_DAYS_PAST_DUE = 91;

/**
 * Contacting a borrower is allowed from 08:00 up to, not including, 20:00 local time (AFPI
 * code of conduct for collection, POJK 10/2022 art. 102 on ethical collection).
 */
export const CONTACT_HOURS = { from: 8, until: 20 } as const;

export type ContactWindow = { allowed: boolean; zone: IndonesianTimeZone; localTime: string };

/** Whether a borrower living in this region (province code or any code below it) may be contacted at this instant. */
export function contactWindow(instant: Date, regionCode: string | null | undefined): ContactWindow {
  const zone = timeZoneOfRegion(regionCode);
  const { hour, minute } = localTimeOfDay(instant, zone);
  const localTime = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return { allowed: hour >= CONTACT_HOURS.from && hour < CONTACT_HOURS.until, zone, localTime };
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
