import { addDays, addMonths } from "./dates.ts";

/**
 * How long a deleted customer's KYC identity core (NIK, KTP name, birth date, consent evidence)
 * is kept after the business relationship ends: APU-PPT, POJK 8 Tahun 2023 (anti money laundering
 * and terrorism financing programme in the financial services sector), which requires customer
 * identity records to be kept at least five years after the relationship with the customer ends.
 */
export const IDENTITY_RETENTION_YEARS = 5;

/**
 * Days after a partner lead's expiry before its prefilled personal fields are removed. Longer than
 * a flow progress lives (2000 minutes): a lead opened just before it expired can no longer become
 * an application when its data goes (decision 0032).
 */
export const LEAD_DATA_GRACE_DAYS = 3;

/**
 * The first business date on which a retention that ended on `relationshipEndedOn` has run out:
 * the day after the fifth anniversary, so the identity is kept five full years (an end on
 * 29 February counts its anniversary as 28 February).
 */
export function identityPurgeDueOn(relationshipEndedOn: string): string {
  return addDays(addMonths(relationshipEndedOn, IDENTITY_RETENTION_YEARS * 12), 1);
}

/** The latest relationship end whose identity core may be purged on `businessDate`. */
export function latestPurgeableEnd(businessDate: string): string {
  return addDays(addMonths(businessDate, -IDENTITY_RETENTION_YEARS * 12), -1);
}
