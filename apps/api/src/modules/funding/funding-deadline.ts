import type { Db } from "@pinjaman/db";
import { sql } from "drizzle-orm";
import { closeNeverActivatedAccount } from "../account-applications/cancellation.ts";
import { SYSTEM, transitionApplication } from "../account-applications/status-transitions.ts";
import { cancelInvestments } from "./investment-service.ts";
import { platformSettings } from "../settings/company-settings.ts";

/**
 * The funding deadline (decision 0010): every application still waiting for investment whose
 * approval (`approved_on`, the business date of its latest approval, so a moved sandbox clock
 * counts alike) is the funding period (platform setting, FUNDING_PERIOD_DAYS by default) or more before `businessDate` expires → cancelled (actor system); its reservations are voided and its
 * investments canceled, its never-activated loan account closed, all in the caller's transaction.
 * One statement selects and locks them (`FOR UPDATE`: an investment in flight finishes first, and
 * an application it funded meanwhile no longer matches). Answers the expired applications' ids.
 */
export async function expireUnfundedApplications(tx: Db, businessDate: string): Promise<string[]> {
  // The period staff may change in the back office (FUNDING_PERIOD_DAYS by default); it counts for every application still waiting.
  const { funding_period_days: periodDays } = await platformSettings(tx);
  const due = (await tx.execute(sql`
    select a.id from account_applications a
    where a.status = 'waiting_for_investment'
      and a.approved_on <= ${businessDate}::date - ${periodDays}::int
    order by a.id
    for update of a`)) as unknown as { rows: { id: string }[] };
  const ids = due.rows.map((r) => r.id);
  for (const id of ids) {
    await transitionApplication(tx, id, "expire", SYSTEM, "funding deadline passed");
    await cancelInvestments(tx, id, businessDate, SYSTEM, "funding deadline passed");
    await closeNeverActivatedAccount(tx, id, SYSTEM, "its application expired unfunded", businessDate);
  }
  return ids;
}
