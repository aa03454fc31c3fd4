import { schema, type Db } from "@pinjaman/db";
import { flatInterest } from "@pinjaman/domain/schedule";
import { SANDBOX_CHANNEL_CODES } from "@pinjaman/domain/virtual-accounts";
import { eq } from "drizzle-orm";
import { SYSTEM, transitionAccount, transitionApplication } from "../account-applications/status-transitions.ts";
import { invest, settleInvestments } from "../funding/investment-service.ts";
import { fixSchedule } from "../invoices/schedule-fixing.ts";
import { openVirtualAccounts } from "../invoices/virtual-accounts.ts";
import { createTransfers, openLedgerAccount } from "../ledger/ledger-service.ts";

/**
 * A loan as disbursal leaves it, for the repayment tests (a stand-in: the disbursal work's own
 * `disbursedLoan` replaces it). The lenders invest through the real `invest` (each needs the
 * amount available on their investment account), then in one transaction the reservations are
 * posted (`settleInvestments`), the payout moves loan_receivable → bank_escrow, the schedule is
 * fixed from `effectiveOn`, the virtual accounts are opened, the application is `activated` and
 * the account `active` with its activated_on and principal balance.
 */
export type ActiveLoanInput = {
  borrowerCustomerId: string;
  lenders: { customerId: string; investmentAccountId: string; amount: number }[];
  terms: { term: number; dailyRatePpm: number; effectiveOn: string };
};

export async function activeLoan(db: Db, { borrowerCustomerId, lenders, terms }: ActiveLoanInput) {
  const amount = lenders.reduce((s, l) => s + l.amount, 0);
  const [account] = await db.insert(schema.accounts).values({ customerId: borrowerCustomerId, typeKey: "loan", productKey: "spl", status: "pending" }).returning();
  const [application] = await db
    .insert(schema.accountApplications)
    .values({
      accountId: account!.id,
      typeKey: "initial",
      status: "waiting_for_investment",
      amount,
      term: terms.term,
      dailyRatePpm: terms.dailyRatePpm,
      totalRepayment: amount + flatInterest(amount, terms.dailyRatePpm, terms.term),
      submittedOn: terms.effectiveOn,
    })
    .returning();
  const applicationId = application!.id;
  for (const [k, lender] of lenders.entries()) {
    await invest(db, { ...lender, applicationId, idempotencyKey: `kit-${applicationId}-${k}`, businessDate: terms.effectiveOn });
  }
  const virtualAccounts = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await transitionApplication(tx, applicationId, "start_disbursal", SYSTEM, null);
    await settleInvestments(tx, applicationId, terms.effectiveOn);
    const receivable = await openLedgerAccount(tx, "loan_receivable", { customerId: borrowerCustomerId, accountId: account!.id });
    const escrow = await openLedgerAccount(tx, "bank_escrow");
    await createTransfers(tx, [
      { mode: "single_phase", code: "disbursal", debitAccountId: receivable.id, creditAccountId: escrow.id, amount, idempotencyKey: `disbursal:${applicationId}`, businessDate: terms.effectiveOn, reference: `account_application:${applicationId}` },
    ]);
    await fixSchedule(tx, { applicationId, effectiveOn: terms.effectiveOn });
    const vas = await openVirtualAccounts(tx, account!.id, SANDBOX_CHANNEL_CODES);
    await transitionApplication(tx, applicationId, "disburse", SYSTEM, null);
    await transitionAccount(tx, account!.id, "activate", SYSTEM, null);
    await tx.update(schema.accounts).set({ activatedOn: terms.effectiveOn, principalBalance: amount }).where(eq(schema.accounts.id, account!.id));
    return vas;
  });
  return { accountId: account!.id, applicationId, amount, virtualAccounts };
}
