import type { PaymentChannel } from "@pinjaman/contracts/invoices";
import { schema, type Db } from "@pinjaman/db";
import type { ChannelCodes } from "@pinjaman/domain/virtual-accounts";
import { t } from "@pinjaman/i18n";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { channelOption } from "../invoices/invoice-service.ts";
import { openVirtualAccounts, type StoredVirtualAccount } from "../invoices/virtual-accounts.ts";
import { createTransfers, openLedgerAccount } from "../ledger/ledger-service.ts";
import { investmentAccountBalance, ownInvestmentAccount, type DepositResult } from "../ledger/lender-funds.ts";
import { receivePayment, type StoredPayment } from "../repayments/payment-service.ts";
import "@pinjaman/i18n/ns/account";
import "@pinjaman/i18n/ns/payments";
import "@pinjaman/i18n/ns/lender_money";

/** The payment row of a notification, as payment-service builds it. */
type PaymentRow = Omit<typeof schema.payments.$inferInsert, "id" | "status">;

/** The ledger key of a top-up's deposit: one per payment. */
const depositKey = (paymentId: string) => `payment:${paymentId}:deposit`;

/**
 * A payment into a lender's top-up virtual account (decision 0020), in the notification's
 * transaction (payment-service `receivePayment`, the account row locked): stored as a `topped_up`
 * payment and credited to the lender's funds, bank_escrow → lender_funds, code `deposit`.
 */
export async function creditTopUp(tx: Db, row: PaymentRow, account: { id: string; customerId: string; status: string }): Promise<StoredPayment> {
  const id = randomUUID();
  const [payment] = await tx
    .insert(schema.payments)
    .values({ ...row, id, status: "topped_up", accountStatus: account.status })
    .returning();
  const escrow = await openLedgerAccount(tx, "bank_escrow");
  const funds = await openLedgerAccount(tx, "lender_funds", { customerId: account.customerId, accountId: account.id });
  await createTransfers(tx, [
    { mode: "single_phase", code: "deposit", debitAccountId: escrow.id, creditAccountId: funds.id, amount: row.amount, idempotencyKey: depositKey(id), businessDate: row.businessDate, reference: `payment:${id}` },
  ]);
  return payment!;
}

/** The investment account's top-up virtual accounts, opened on first use (one per channel, stable). */
async function topUpVirtualAccounts(db: Db, customerId: string, accountId: string, codes: ChannelCodes | null): Promise<StoredVirtualAccount[]> {
  await ownInvestmentAccount(db, customerId, accountId);
  if (!codes) throw new Refusal(503, "virtual_accounts_unavailable", t("lender_money.top_up.unavailable"));
  return db.transaction((tx) => openVirtualAccounts(tx as unknown as Db, accountId, codes, "investment"));
}

/** GET accounts/{id}/payment_options: every channel with the lender's own VA number and how to pay into it. */
export async function paymentOptions(db: Db, customerId: string, accountId: string, codes: ChannelCodes | null): Promise<{ channels: PaymentChannel[] }> {
  const vas = await topUpVirtualAccounts(db, customerId, accountId, codes);
  return { channels: vas.map((va, i) => channelOption(va, i === 0)) };
}

/**
 * POST accounts/{id}/deposits (sandbox): the sandbox plays the gateway and pays into the lender's
 * top-up VA on `channel` (the first channel when none is named) through `receivePayment`, as a
 * notification would, with the transaction id `sandbox_deposit:<account>:<key>`. The same key
 * with another amount or channel is a 409.
 */
export async function sandboxTopUp(
  db: Db,
  customerId: string,
  accountId: string,
  input: { amount: number; idempotencyKey: string; businessDate: string; channel?: string | undefined },
  codes: ChannelCodes | null,
): Promise<DepositResult> {
  const vas = await topUpVirtualAccounts(db, customerId, accountId, codes);
  const va = input.channel === undefined ? vas[0] : vas.find((v) => v.channel === input.channel);
  if (!va) throw new FieldErrors({ channel: [t("payments.channel_not_opened")] }, 422);
  const { payment, replayed } = await receivePayment(
    db,
    { channel: va.channel, virtualAccountNumber: va.number, amount: input.amount, gatewayTransactionId: `sandbox_deposit:${accountId}:${input.idempotencyKey}`, businessDate: input.businessDate, source: "sandbox" },
    { platformFeePpm: 0 },
  ).catch((error: unknown) => {
    if (error instanceof Refusal && error.code === "payment_conflict") throw new Refusal(409, "idempotency_conflict", t("account.investment_account.deposit_key_reused"));
    throw error;
  });
  const [transfer] = await db
    .select({ id: schema.ledgerTransfers.id })
    .from(schema.ledgerTransfers)
    .where(and(eq(schema.ledgerTransfers.idempotencyKey, depositKey(payment.id)), eq(schema.ledgerTransfers.code, "deposit")));
  if (!transfer) throw new Error(`top-up ${payment.id} has no deposit transfer`);
  return { transferId: transfer.id, amount: payment.amount, replayed, balance: await investmentAccountBalance(db, customerId, accountId) };
}
