import { schema, type Db } from "@pinjaman/db";
import { CLAIM_AFTER_DAYS_PAST_DUE } from "@pinjaman/domain/lender-insurance";
import { balanceOf } from "@pinjaman/domain/ledger";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { InsurerAdapter } from "../../integrations/insurer/insurer-adapter.ts";
import { createTransfers, openLedgerAccounts } from "../ledger/ledger-service.ts";

type Due = { investment_id: string; customer_id: string; investment_account_id: string; loan_account_id: string; days_past_due: number };

export type ClaimOutcome = { investmentId: string; outcome: "paid" | "refused" | "retry"; amount?: number };

/**
 * Insured investments with no claim yet whose active loan is more than 90 days past due on
 * `businessDate` (its oldest invoice with principal or interest unpaid fell due more than 90 days
 * before, as TKB90 counts it, decision 0017). One set-based query.
 */
async function dueClaims(tx: Db, businessDate: string): Promise<Due[]> {
  const { rows } = (await tx.execute(sql`
    with late as (
      select i.account_id, max(${businessDate}::date - i.due_on) as days_past_due
      from invoices i
      join accounts acc on acc.id = i.account_id and acc.status = 'active'
      where i.status = 'open' and i.due_on < ${businessDate}::date and i.principal - i.paid_principal + i.interest - i.paid_interest > 0
      group by i.account_id
    )
    select inv.id as investment_id, inv.customer_id, inv.investment_account_id, app.account_id as loan_account_id, late.days_past_due
    from investments inv
    join account_applications app on app.id = inv.account_application_id
    join late on late.account_id = app.account_id
    where inv.insured and inv.status = 'settled' and late.days_past_due > ${CLAIM_AFTER_DAYS_PAST_DUE}
      and not exists (select 1 from insurance_claims c where c.investment_id = inv.id)
    order by inv.id`)) as unknown as { rows: Due[] };
  return rows.map((r) => ({ ...r, days_past_due: Number(r.days_past_due) }));
}

/**
 * Files a claim for every insured investment whose loan passed 90 days past due, in the caller's
 * transaction (the daily job's). The insurer is asked with the reference `claim:<investment>`
 * (idempotent on its side, so a run rolled back after asking is answered the same next time); a
 * paid claim is one `insurance_claims` row (unique per investment: a second run finds nothing due)
 * and one ledger batch, reference `investment:<id>` (decision 0024):
 *   bank_escrow → insurer (the insurer's cash arrives), insurer → lender_funds (the lender is paid),
 *   lender_investment → insurer_investment (the share and its later recoveries pass to the insurer).
 */
export async function fileDueClaims(tx: Db, businessDate: string, insurer: InsurerAdapter, log?: FastifyBaseLogger): Promise<ClaimOutcome[]> {
  const outcomes: ClaimOutcome[] = [];
  for (const due of await dueClaims(tx, businessDate)) {
    const [escrow, insurerAccount, funds, share, insurerShare] = await openLedgerAccounts(tx, [
      { kind: "bank_escrow" },
      { kind: "insurer" },
      { kind: "lender_funds", owner: { customerId: due.customer_id, accountId: due.investment_account_id } },
      { kind: "lender_investment", owner: { customerId: due.customer_id, accountId: due.loan_account_id, investmentId: due.investment_id } },
      { kind: "insurer_investment", owner: { accountId: due.loan_account_id, investmentId: due.investment_id } },
    ]);
    const outstanding = balanceOf("lender_investment", share!).posted;
    if (outstanding <= 0) continue;
    const reference = `claim:${due.investment_id}`;
    const answer = await insurer.fileClaim({ reference, investmentId: due.investment_id, loanAccountId: due.loan_account_id, outstandingPrincipal: outstanding, daysPastDue: due.days_past_due });
    if (!answer.ok) {
      log?.warn({ investmentId: due.investment_id, reason: answer.reason, retryable: answer.retryable }, "insurance claim not paid");
      outcomes.push({ investmentId: due.investment_id, outcome: answer.retryable ? "retry" : "refused" });
      continue;
    }
    const stored = await tx
      .insert(schema.insuranceClaims)
      .values({ investmentId: due.investment_id, accountId: due.loan_account_id, businessDate, outstandingPrincipal: outstanding, amount: answer.amount, insurerReference: answer.insurerReference })
      .onConflictDoNothing({ target: schema.insuranceClaims.investmentId })
      .returning({ id: schema.insuranceClaims.id });
    if (stored.length === 0) continue;
    const key = `insurance_claim:${due.investment_id}`;
    const base = { mode: "single_phase" as const, businessDate, reference: `investment:${due.investment_id}` };
    await createTransfers(tx, [
      { ...base, code: "insurance_claim", debitAccountId: escrow!.id, creditAccountId: insurerAccount!.id, amount: answer.amount, idempotencyKey: `${key}:received` },
      { ...base, code: "insurance_claim", debitAccountId: insurerAccount!.id, creditAccountId: funds!.id, amount: answer.amount, idempotencyKey: `${key}:paid` },
      { ...base, code: "insurance_subrogation", debitAccountId: share!.id, creditAccountId: insurerShare!.id, amount: outstanding, idempotencyKey: `${key}:subrogation` },
    ]);
    outcomes.push({ investmentId: due.investment_id, outcome: "paid", amount: answer.amount });
  }
  return outcomes;
}
