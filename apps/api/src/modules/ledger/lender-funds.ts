import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import type { InvestmentAccountBalance } from "@pinjaman/contracts/ledger";
import { t } from "@pinjaman/i18n";
import { and, eq } from "drizzle-orm";
import { Refusal } from "../../plugins/errors.ts";
import { createTransfers, findLedgerAccount, LedgerRefusal, openLedgerAccount, type LedgerAccount } from "./ledger-service.ts";
import "@pinjaman/i18n/ns/account";

/** The 404 for an investment account that is not the caller's (also answered by the investment's SQL function). */
export const investmentAccountNotFound = () => new Refusal(404, "account_not_found", t("account.investment_account.not_found"));

/** The caller's investment account, or 404 (another customer's, a loan account or none). */
export async function ownInvestmentAccount(db: Db, customerId: string, accountId: string): Promise<void> {
  const [row] = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, accountId), eq(schema.accounts.customerId, customerId), eq(schema.accounts.typeKey, "investment")))
    .limit(1);
  if (!row) throw investmentAccountNotFound();
}

function balanceFrom(accountId: string, funds: LedgerAccount | null): InvestmentAccountBalance {
  const balance = funds ? balanceOf("lender_funds", funds) : { available: 0, pendingOut: 0 };
  return { account_id: accountId, currency: "IDR", available: balance.available, reserved: balance.pendingOut };
}

/** Available and reserved funds of the caller's investment account. */
export async function investmentAccountBalance(db: Db, customerId: string, accountId: string): Promise<InvestmentAccountBalance> {
  await ownInvestmentAccount(db, customerId, accountId);
  return balanceFrom(accountId, await findLedgerAccount(db, "lender_funds", { customerId, accountId }));
}

export type DepositResult = { transferId: string; amount: number; replayed: boolean; balance: InvestmentAccountBalance };

/**
 * A deposit posted straight to the ledger, for the sandbox book's seed and test fixtures only
 * (their digests stay stable): bank escrow → lender funds, in one transaction. The sandbox's
 * deposits route goes through the gateway's top-up path instead (lender-money/top-up.ts). The client's key is scoped to the account, so keys of different lenders never meet.
 */
export async function sandboxDeposit(
  db: Db,
  customerId: string,
  accountId: string,
  input: { amount: number; idempotencyKey: string; businessDate: string },
): Promise<DepositResult> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await ownInvestmentAccount(tx, customerId, accountId);
    const escrow = await openLedgerAccount(tx, "bank_escrow");
    const funds = await openLedgerAccount(tx, "lender_funds", { customerId, accountId });
    const [transfer] = await createTransfers(tx, [
      {
        mode: "single_phase",
        debitAccountId: escrow.id,
        creditAccountId: funds.id,
        amount: input.amount,
        code: "deposit",
        idempotencyKey: `sandbox_deposit:${accountId}:${input.idempotencyKey}`,
        businessDate: input.businessDate,
        reference: "sandbox_virtual_account",
      },
    ]).catch((error: unknown) => {
      if (error instanceof LedgerRefusal && error.code === "idempotency_conflict") {
        throw new Refusal(409, "idempotency_conflict", t("account.investment_account.deposit_key_reused"));
      }
      throw error;
    });
    const after = await findLedgerAccount(tx, "lender_funds", { customerId, accountId });
    return { transferId: transfer!.id, amount: transfer!.amount, replayed: transfer!.replayed, balance: balanceFrom(accountId, after) };
  });
}
