import { schema, type Db } from "@pinjaman/db";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { bookingVirtualAccount } from "../invoices/virtual-accounts.ts";
import { loanPosition } from "./loan-position.ts";
import { settleLoanPayment } from "./settle-payment.ts";

/**
 * The credit kept on loans pays what falls due (decision 0016, "Credit"), in the caller's
 * transaction: the daily late-fee job calls it before the day's accrual, so a borrower holding
 * enough credit is never late. Every active loan holding credit with an open invoice due on or
 * before `businessDate` (one set-based selection, the loan rows locked) gets an allocated payment
 * of 0 rupiah that uses its credit (source `credit`, transaction id `credit:<account>:<date>`)
 * through the one payment sequence (settleLoanPayment): late fee → interest → principal of the
 * invoices due and the next one, lenders' shares and the ledger batch (borrower_credit →
 * borrower_clearing, the rest back to borrower_credit), closing a loan it pays off. Only loans
 * holding credit are visited, one allocation each. Answers how many loans used their credit.
 */
export async function applyDueCredits(tx: Db, businessDate: string, platformFeePpm: number): Promise<number> {
  const due = (await tx.execute(sql`
    select a.id
    from accounts a
    join ledger_accounts c on c.kind = 'borrower_credit' and c.account_id = a.id and c.customer_id = a.customer_id
    where a.type_key = 'loan' and a.status = 'active'
      and c.credits_posted - c.debits_posted - c.debits_pending > 0
      and exists (
        select 1 from invoices i join account_applications ap on ap.id = i.account_application_id
        where ap.account_id = a.id and ap.status in ('activated', 'active') and i.status = 'open' and i.due_on <= ${businessDate}::date)
    order by a.id
    for update of a`)) as unknown as { rows: { id: string }[] };
  let applied = 0;
  for (const { id } of due.rows) {
    const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, id));
    const position = await loanPosition(tx, id, { lock: true });
    if (!account || !position) continue;
    const va = await bookingVirtualAccount(tx, account);
    const paymentId = randomUUID();
    await settleLoanPayment(
      tx,
      { paymentId, borrowerId: account.customerId, accountId: id, virtualAccountNumber: va.number, amount: 0, businessDate, platformFeePpm },
      position,
      { id: paymentId, gatewayTransactionId: `credit:${id}:${businessDate}`, source: "credit", channel: va.channel, virtualAccountNumber: va.number, virtualAccountId: va.id, accountId: id, amount: 0, businessDate },
      account.status,
    );
    applied += 1;
  }
  return applied;
}
