import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { IDENTITY_RETENTION_YEARS, latestPurgeableEnd } from "@pinjaman/domain/personal-data-retention";
import { and, eq, sql } from "drizzle-orm";
import { hasOpenObligations } from "./personal-data-deletion.ts";

/**
 * The identity core's answers inside a flow progress kept as an application's record: NIK, KTP
 * name, birth date and the consent's geolocation. They go with the profile when the retention ends.
 */
export const IDENTITY_VALUE_KEYS = ["personal_code", "full_name", "birth_date", "geolocation"] as const;

export type RetentionCandidate = { customerId: string; relationshipEndedOn: string };

/**
 * Deleted customers whose identity core is still held and whose relationship ended on or before
 * `latestEnd`. The relationship ended on the latest of: the business date of the deletion (a
 * deletion is refused while anything is open, so it comes after every closing it knows of);
 * every `closed_on` of the customer's accounts; and the Jakarta date of the last status change of
 * any of their accounts or investments (a loan sold or an investment closed has no closed_on).
 */
export async function retentionCandidates(db: Db, latestEnd: string): Promise<RetentionCandidate[]> {
  const result = (await db.execute(sql`
    with deletions as (
      select customer_id, max(created_at) as deleted_at from personal_data_requests
      where kind = 'deletion' and status = 'completed'
      group by customer_id
    ), ends as (
      select d.customer_id, greatest(
        (d.deleted_at at time zone 'Asia/Jakarta')::date,
        (select max(a.closed_on) from accounts a where a.customer_id = d.customer_id),
        (select max((st.created_at at time zone 'Asia/Jakarta')::date) from status_transitions st
          where (st.subject_type = 'account' and st.subject_id in (select a.id from accounts a where a.customer_id = d.customer_id))
             or (st.subject_type = 'investment' and st.subject_id in (select i.id from investments i where i.customer_id = d.customer_id)))
      ) as ended_on
      from deletions d
      where exists (select 1 from customer_profiles p where p.customer_id = d.customer_id)
        and not exists (select 1 from personal_data_requests r where r.customer_id = d.customer_id and r.kind = 'retention_purge')
    )
    select customer_id, ended_on::text as ended_on from ends where ended_on <= ${latestEnd}::date order by ended_on, customer_id
  `)) as unknown as { rows: { customer_id: string; ended_on: string }[] };
  return result.rows.map((r) => ({ customerId: r.customer_id, relationshipEndedOn: r.ended_on }));
}

/**
 * The end of the APU-PPT retention (POJK 8/2023, IDENTITY_RETENTION_YEARS after the relationship
 * ends) for customers who deleted their data: on `businessDate` every deleted customer whose
 * relationship ended more than the retention ago loses the kept identity core. Their
 * `customer_profiles` row is deleted (nothing references it; the NIK becomes free, as for a
 * customer who never had an account), the identity answers leave the flow progresses kept as
 * applications' records, and a `personal_data_requests` row of kind `retention_purge` records it.
 * The customer row (already anonymised), accounts, applications, invoices, payments,
 * investments, the ledger and status history are not touched. That row is inserted first with
 * ON CONFLICT DO NOTHING on a unique index: a second run (or a second process) purges nothing
 * more. A customer with anything open again is skipped: their relationship has not ended.
 */
export async function purgeExpiredIdentities(tx: Db, businessDate: string, at: Date): Promise<RetentionCandidate[]> {
  const purged: RetentionCandidate[] = [];
  for (const candidate of await retentionCandidates(tx, latestPurgeableEnd(businessDate))) {
    const { customerId } = candidate;
    if (await hasOpenObligations(tx, customerId)) continue;
    const [record] = await tx
      .insert(schema.personalDataRequests)
      .values({
        customerId,
        kind: "retention_purge",
        status: "completed",
        createdAt: at,
        details: {
          relationship_ended_on: candidate.relationshipEndedOn,
          retention_years: IDENTITY_RETENTION_YEARS,
          business_date: businessDate,
          removed: ["customer_profiles", ...IDENTITY_VALUE_KEYS.map((k) => `flow_progresses.values.${k}`)],
        },
      })
      .onConflictDoNothing()
      .returning({ id: schema.personalDataRequests.id });
    if (!record) continue;
    await tx.delete(schema.customerProfiles).where(eq(schema.customerProfiles.customerId, customerId));
    const keys = sql.raw(`array[${IDENTITY_VALUE_KEYS.map((k) => `'${k}'`).join(", ")}]`);
    await tx
      .update(schema.flowProgresses)
      .set({ values: sql`${schema.flowProgresses.values} - ${keys}::text[]` })
      .where(and(eq(schema.flowProgresses.customerId, customerId), sql`${schema.flowProgresses.values} ?| ${keys}::text[]`));
    purged.push(candidate);
  }
  return purged;
}

/** The prefilled personal fields of a lead (createLead); amount and term stay for the partner's statistics. */
export const LEAD_PERSONAL_KEYS = ["full_name", "email", "phone", "personal_code", "birth_date"] as const;

/**
 * Removes the prefilled personal fields from leads that expired before `expiredBefore` and never
 * became an application (no application carries the lead's progress). The lead row stays for the
 * partner's status reads (it answers `expired`) and statistics; `personal_data_purged_at` marks
 * it, so a second run changes nothing.
 */
export async function purgeExpiredLeads(tx: Db, expiredBefore: Date, now: Date): Promise<number> {
  const keys = sql.raw(`array[${LEAD_PERSONAL_KEYS.map((k) => `'${k}'`).join(", ")}]`);
  const l = schema.leads;
  const purged = await tx
    .update(l)
    .set({ customerData: sql`${l.customerData} - ${keys}::text[]`, personalDataPurgedAt: now })
    .where(
      and(
        sql`${l.personalDataPurgedAt} is null`,
        sql`${l.expiresAt} < ${expiredBefore.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${schema.accountApplications} aa where ${l.flowProgressId} is not null and aa.flow_progress_id = ${l.flowProgressId})`,
      ),
    )
    .returning({ id: l.id });
  return purged.length;
}
