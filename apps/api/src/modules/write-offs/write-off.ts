import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { recordTransition, transitionAccount, type Actor } from "../account-applications/status-transitions.ts";
import { createTransfers, openLedgerAccount, type TransferInput } from "../ledger/ledger-service.ts";

/** One lender's (or, after a claim, the insurer's) share of the principal a write-off takes off the books. */
export type WriteOffShare = { investmentId: string; holder: "lender" | "insurer"; name: string; amount: number; ledgerAccountId: string };

/**
 * What writing a loan off takes off the books, read once for the staff's preview and for the
 * write-off itself (issue 17 §5), so the two cannot differ: the principal still owed (the
 * receivable) and each lender's share of it; and, booked only when paid (decision 0016) and
 * therefore forgone rather than moved, the interest already due and the late fees still unpaid.
 */
export type WriteOffFigures = { principal: number; interest: number; lateFees: number; shares: WriteOffShare[] };

export async function writeOffFigures(db: Db, accountId: string, today: string): Promise<WriteOffFigures & { receivableId: string | null }> {
  const ledger = await db
    .select({ account: schema.ledgerAccounts, name: schema.customers.name })
    .from(schema.ledgerAccounts)
    .leftJoin(schema.investments, eq(schema.investments.id, schema.ledgerAccounts.investmentId))
    .leftJoin(schema.customers, eq(schema.customers.id, schema.investments.customerId))
    .where(and(eq(schema.ledgerAccounts.accountId, accountId), inArray(schema.ledgerAccounts.kind, ["loan_receivable", "lender_investment", "insurer_investment"])))
    .orderBy(asc(schema.ledgerAccounts.createdAt), asc(schema.ledgerAccounts.id));
  const receivable = ledger.find((a) => a.account.kind === "loan_receivable")?.account;
  const shares = ledger
    .filter(({ account }) => account.kind !== "loan_receivable")
    .map(({ account, name }) => ({
      investmentId: account.investmentId!,
      holder: account.kind === "insurer_investment" ? ("insurer" as const) : ("lender" as const),
      name: name ?? "",
      amount: balanceOf(account.kind, account).posted,
      ledgerAccountId: account.id,
    }))
    .filter((s) => s.amount > 0);
  const open = await db
    .select({ interest: schema.invoices.interest, paidInterest: schema.invoices.paidInterest, lateFee: schema.invoices.lateFee, paidLateFee: schema.invoices.paidLateFee, dueOn: schema.invoices.dueOn })
    .from(schema.invoices)
    .where(and(eq(schema.invoices.accountId, accountId), eq(schema.invoices.status, "open"), lte(schema.invoices.dueOn, today)));
  return {
    principal: receivable ? balanceOf("loan_receivable", receivable).posted : 0,
    interest: open.reduce((s, i) => s + i.interest - i.paidInterest, 0),
    lateFees: open.reduce((s, i) => s + i.lateFee - i.paidLateFee, 0),
    shares,
    receivableId: receivable?.id ?? null,
  };
}

/**
 * Writes off an active loan (decision 0009) in the caller's transaction: the account moves
 * `write_off` (active → written_off, by the status table), then `write_offs → loan_receivable` for
 * the principal still owed and, per lender, `lender_investment → write_offs` for their share, so
 * the lenders bear the loss and the receivable and its shares reach zero together; the settled
 * investments close. Answers what was written off (`writeOffFigures`).
 */
export async function writeOffLoan(tx: Db, accountId: string, businessDate: string, actor: Actor, reason: string): Promise<WriteOffFigures> {
  await transitionAccount(tx, accountId, "write_off", actor, reason);
  const { receivableId, ...figures } = await writeOffFigures(tx, accountId, businessDate);
  if (figures.principal > 0) {
    const writeOffs = await openLedgerAccount(tx, "write_offs", { accountId });
    const transfers: TransferInput[] = [
      { mode: "single_phase", code: "write_off", debitAccountId: writeOffs.id, creditAccountId: receivableId!, amount: figures.principal, idempotencyKey: `write_off:${accountId}`, businessDate, reference: `account:${accountId}` },
    ];
    // A share claimed from the insurer (decision 0024) is the insurer's loss now, written off the same way.
    for (const share of figures.shares) {
      transfers.push({
        mode: "single_phase",
        code: "write_off",
        debitAccountId: share.ledgerAccountId,
        creditAccountId: writeOffs.id,
        amount: share.amount,
        idempotencyKey: `write_off:${accountId}:${share.holder === "insurer" ? "insurer:" : ""}${share.investmentId}`,
        businessDate,
        reference: `investment:${share.investmentId}`,
      });
    }
    await createTransfers(tx, transfers);
  }
  const [application] = await tx
    .select({ id: schema.accountApplications.id })
    .from(schema.accountApplications)
    .where(and(eq(schema.accountApplications.accountId, accountId), inArray(schema.accountApplications.status, ["activated", "active"])));
  if (application) {
    const closed = await tx
      .update(schema.investments)
      .set({ status: "closed" })
      .where(and(eq(schema.investments.accountApplicationId, application.id), eq(schema.investments.status, "settled")))
      .returning({ id: schema.investments.id });
    for (const { id } of closed) await recordTransition(tx, { subject: "investment", id, from: "settled", to: "closed", event: "close", actor, reason: "loan written off" });
  }
  return figures;
}
