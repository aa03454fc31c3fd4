import { schema, type Db } from "@pinjaman/db";
import { ledgerViolations } from "@pinjaman/domain/ledger";

/**
 * The ledger's invariants checked against the database (decision 0009): every debit has its
 * credit, each account's totals are the sum of its transfers, no balance limit is broken (no
 * lender's available funds below zero), each loan's receivable equals its lenders' shares, and a
 * pending transfer resolves at most once. An empty list: the books are sound. Tests call it after
 * every scenario; it reads every row, so it is a test and audit tool, not a request path.
 */
export async function ledgerInvariantViolations(db: Db): Promise<string[]> {
  const accounts = await db.select().from(schema.ledgerAccounts);
  const transfers = await db
    .select({
      id: schema.ledgerTransfers.id,
      mode: schema.ledgerTransfers.mode,
      debitAccountId: schema.ledgerTransfers.debitAccountId,
      creditAccountId: schema.ledgerTransfers.creditAccountId,
      amount: schema.ledgerTransfers.amount,
      pendingId: schema.ledgerTransfers.pendingId,
    })
    .from(schema.ledgerTransfers)
    .orderBy(schema.ledgerTransfers.createdAt, schema.ledgerTransfers.id);
  return ledgerViolations(accounts, transfers);
}
