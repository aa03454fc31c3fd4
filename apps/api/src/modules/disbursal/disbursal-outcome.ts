import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { formatDate } from "@pinjaman/domain/dates";
import { formatRupiah } from "@pinjaman/domain/money";
import type { ChannelCodes } from "@pinjaman/domain/virtual-accounts";
import { t } from "@pinjaman/i18n";
import { eq } from "drizzle-orm";
import { closeNeverActivatedAccount } from "../account-applications/cancellation.ts";
import { SYSTEM, transitionAccount, transitionApplication } from "../account-applications/status-transitions.ts";
import { addNotices } from "../customer-notices/add-notices.ts";
import { cancelInvestments, settleInvestments } from "../funding/investment-service.ts";
import { fixSchedule } from "../invoices/schedule-fixing.ts";
import { openVirtualAccounts } from "../invoices/virtual-accounts.ts";
import { createTransfers, openLedgerAccounts, type TransferInput } from "../ledger/ledger-service.ts";
import { bankName } from "./borrower-bank-account.ts";
import type { Payee } from "./payee.ts";
import "@pinjaman/i18n/ns/account";
import "@pinjaman/i18n/ns/flows";

export type Disbursal = typeof schema.disbursals.$inferSelect;

/** The disbursal row locked for the caller's transaction, or null once it is no longer pending. */
export async function lockPendingDisbursal(tx: Db, disbursalId: string): Promise<Disbursal | null> {
  const [row] = await tx.select().from(schema.disbursals).where(eq(schema.disbursals.id, disbursalId)).for("update");
  return row?.status === "pending" ? row : null;
}

async function loanOf(tx: Db, applicationId: string) {
  const [row] = await tx
    .select({ application: schema.accountApplications, customerId: schema.accounts.customerId })
    .from(schema.accountApplications)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountApplications.accountId))
    .where(eq(schema.accountApplications.id, applicationId));
  if (!row) throw new Error(`application ${applicationId} of a disbursal not found`);
  return row;
}

/**
 * The bank paid the borrower (or a purchase's merchant): in the caller's transaction (the
 * disbursal row locked by `lockPendingDisbursal`), the lenders' reservations are posted
 * (investments settled), the loan's receivable is booked against the escrow (payout) and the
 * platform's fees (upfront fee) — the same whoever was paid — the schedule is fixed from `businessDate` with its invoices, the virtual accounts are opened, the
 * account `activate`s with the principal and the application `disburse`s (→ activated); the
 * disbursal records whom it paid; the borrower gets a notice. Every step has its own key or
 * status check, so nothing here can happen twice.
 */
export async function completeDisbursal(
  tx: Db,
  input: {
    disbursal: Disbursal;
    bankReference: string;
    /** The business instant of the attempt (the notice's date) and its date (the books'). */
    at: Date;
    businessDate: string;
    codes: ChannelCodes;
    /** Whom the bank paid: the borrower, or the merchant of a purchase (decision 0032). */
    payee: Payee;
    /** What the bank paid the payee when it was less than the payout (a refinancing paid the old loan off first). */
    paid?: number;
  },
): Promise<void> {
  const { disbursal, businessDate } = input;
  const { application, customerId } = await loanOf(tx, disbursal.accountApplicationId);
  await settleInvestments(tx, application.id, businessDate);

  const [receivable, escrow, fees] = await openLedgerAccounts(tx, [
    { kind: "loan_receivable", owner: { customerId, accountId: application.accountId } },
    { kind: "bank_escrow" },
    ...(disbursal.upfrontFee > 0 ? [{ kind: "platform_fees" } as const] : []),
  ]);
  const transfers: TransferInput[] = [
    {
      mode: "single_phase",
      debitAccountId: receivable.id,
      creditAccountId: escrow.id,
      amount: disbursal.payout,
      code: "disbursal",
      idempotencyKey: `disbursal:${application.id}`,
      businessDate,
      reference: `disbursal:${disbursal.id}`,
    },
  ];
  if (fees) {
    transfers.push({
      mode: "single_phase",
      debitAccountId: receivable.id,
      creditAccountId: fees.id,
      amount: disbursal.upfrontFee,
      code: "upfront_fee",
      idempotencyKey: `upfront_fee:${application.id}`,
      businessDate,
      reference: `disbursal:${disbursal.id}`,
    });
  }
  await createTransfers(tx, transfers);

  const schedule = await fixSchedule(tx, { applicationId: application.id, effectiveOn: businessDate });
  await openVirtualAccounts(tx, application.accountId, input.codes);
  await transitionAccount(tx, application.accountId, "activate", SYSTEM, "disbursed");
  await tx.update(schema.accounts).set({ activatedOn: businessDate, principalBalance: application.amount }).where(eq(schema.accounts.id, application.accountId));
  await transitionApplication(tx, application.id, "disburse", SYSTEM, "disbursed");
  await tx
    .update(schema.disbursals)
    .set({
      status: "succeeded",
      bankReference: input.bankReference,
      payeeKind: input.payee.kind,
      payeeName: input.payee.name,
      payeeBankCode: input.payee.bankCode,
      payeeAccountNumber: input.payee.accountNumber,
      claimedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(schema.disbursals.id, disbursal.id));

  const first = schedule.invoices[0]!;
  // The due dates count from today's payout, not from the contract's signing (decision 0003): the borrower reads them here.
  const { payee } = input;
  // A purchase's loan paid the merchant: the borrower reads that, not their own account.
  await addNotices(tx, input.at, [{
    customerId,
    title: t(payee.kind === "merchant" ? "account.disbursal_notice.merchant_title" : "account.disbursal_notice.title"),
    body: t(payee.kind === "merchant" ? "account.disbursal_notice.merchant_body" : "account.disbursal_notice.body", {
      name: payee.borrowerName,
      merchant: payee.name,
      amount: formatRupiah(input.paid ?? disbursal.payout),
      bank: bankName(payee.bankCode),
      account_number: payee.accountNumber,
      account_name: payee.accountName,
      first_amount: formatRupiah(first.total),
      first_due_on: formatDate(first.dueOn),
      last_due_on: formatDate(schedule.maturityOn),
    }),
  }]);
}

/**
 * The disbursal is given up (the bank refused for good, or every attempt failed): in the
 * caller's transaction the disbursal is `failed` with its reason, the application `abort_disbursal`s
 * (→ cancelled), every reservation is voided (the lenders' money is available again) and the
 * never-activated account is closed; the borrower gets a notice.
 */
export async function abandonDisbursal(
  tx: Db,
  input: { disbursal: Disbursal; reason: string; at: Date; businessDate: string },
): Promise<void> {
  const { disbursal, reason, businessDate } = input;
  const { customerId } = await loanOf(tx, disbursal.accountApplicationId);
  await tx
    .update(schema.disbursals)
    .set({ status: "failed", lastError: reason, claimedUntil: null, updatedAt: new Date() })
    .where(eq(schema.disbursals.id, disbursal.id));
  await transitionApplication(tx, disbursal.accountApplicationId, "abort_disbursal", SYSTEM, `disbursal failed: ${reason}`);
  await cancelInvestments(tx, disbursal.accountApplicationId, businessDate, SYSTEM, "disbursal failed");
  await closeNeverActivatedAccount(tx, disbursal.accountApplicationId, SYSTEM, "its disbursal failed", businessDate);
  const [customer] = await tx.select({ name: schema.customers.name }).from(schema.customers).where(eq(schema.customers.id, customerId));
  await addNotices(tx, input.at, [{ customerId, title: t("account.disbursal_failed_notice.title"), body: t("account.disbursal_failed_notice.body", { name: customer!.name }) }]);
}
