import { schema, type Db } from "@pinjaman/db";
import { remittancePeriodBefore } from "@pinjaman/domain/lender-insurance";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { InsurerAdapter } from "../../integrations/insurer/insurer-adapter.ts";
import { createTransfers, openLedgerAccounts } from "../ledger/ledger-service.ts";

export type RemittanceOutcome = { period: string; outcome: "paid" | "nothing_held" | "already_paid" | "retry"; amount?: number };

/**
 * What the insurer account held at the end of `lastDay`: credits (premiums, recoveries, claim cash
 * arriving) less debits (claims passed on, earlier remittances) with a business date up to then.
 * A remittance is dated the day it runs, after its period, so each month pays what the months
 * before it left, and a month that could not be paid rolls into the next.
 */
async function heldAtEndOf(tx: Db, insurerAccountId: string, lastDay: string): Promise<number> {
  const { rows } = (await tx.execute(sql`
    select coalesce(sum(case when credit_account_id = ${insurerAccountId} then amount else -amount end), 0)::bigint as held
    from ledger_transfers
    where (credit_account_id = ${insurerAccountId} or debit_account_id = ${insurerAccountId})
      and mode in ('single_phase', 'post_pending') and business_date <= ${lastDay}::date`)) as unknown as { rows: { held: string | number }[] };
  return Number(rows[0]?.held ?? 0);
}

/**
 * Pays the insurer what the platform held for it at the end of the month before `businessDate`
 * (decision 0024), in the caller's transaction (the daily job's): one `insurer_remittances` row per
 * period and the ledger transfer `insurer → bank_escrow`. The insurer is asked with the reference
 * `remittance:<period>`, idempotent on its side, so a run rolled back after asking is answered the
 * same next time; an insurer that does not accept is asked again the next day.
 */
export async function remitToInsurer(tx: Db, businessDate: string, insurer: InsurerAdapter, log?: FastifyBaseLogger): Promise<RemittanceOutcome> {
  const { period, lastDay } = remittancePeriodBefore(businessDate);
  const [done] = await tx.select({ id: schema.insurerRemittances.id }).from(schema.insurerRemittances).where(eq(schema.insurerRemittances.period, period));
  if (done) return { period, outcome: "already_paid" };
  const [insurerAccount, escrow] = await openLedgerAccounts(tx, [{ kind: "insurer" }, { kind: "bank_escrow" }]);
  const amount = await heldAtEndOf(tx, insurerAccount!.id, lastDay);
  if (amount <= 0) {
    await tx.insert(schema.insurerRemittances).values({ period, businessDate, amount: 0 }).onConflictDoNothing();
    return { period, outcome: "nothing_held" };
  }
  const reference = `remittance:${period}`;
  const answer = await insurer.remit({ reference, period, amount });
  if (!answer.ok) {
    log?.warn({ period, amount, reason: answer.reason }, "insurer remittance not accepted; asked again tomorrow");
    return { period, outcome: "retry", amount };
  }
  const stored = await tx
    .insert(schema.insurerRemittances)
    .values({ period, businessDate, amount, insurerReference: answer.insurerReference })
    .onConflictDoNothing()
    .returning({ id: schema.insurerRemittances.id });
  if (stored.length === 0) return { period, outcome: "already_paid" };
  await createTransfers(tx, [
    { mode: "single_phase", code: "insurer_remittance", debitAccountId: insurerAccount!.id, creditAccountId: escrow!.id, amount, idempotencyKey: `insurer_remittance:${period}`, businessDate, reference: `remittance:${period}` },
  ]);
  return { period, outcome: "paid", amount };
}
