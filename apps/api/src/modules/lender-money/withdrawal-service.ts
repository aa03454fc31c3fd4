import type { Withdrawal as WithdrawalView } from "@pinjaman/contracts/lender-money";
import { schema, type Db } from "@pinjaman/db";
import { balanceOf } from "@pinjaman/domain/ledger";
import { withdrawalSubject } from "@pinjaman/domain/withdrawals";
import { t } from "@pinjaman/i18n";
import { and, desc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import type { CodeRefusal } from "../authentication/one-time-code.ts";
import { borrowerBankAccount, type BorrowerBankAccount } from "../disbursal/borrower-bank-account.ts";
import { createTransfers, findLedgerAccount, LedgerRefusal, openLedgerAccount } from "../ledger/ledger-service.ts";
import { ownInvestmentAccount } from "../ledger/lender-funds.ts";
import { createSignature, enterSignatureCode, pollSignature, type ClosedSignature, type CreateResult, type SignatureContext } from "../signatures/signature-service.ts";
import type { Withdrawal } from "./withdrawal-run.ts";
import "@pinjaman/i18n/ns/lender_money";

const insufficientFunds = () => new FieldErrors({ amount: [t("lender_money.withdrawal.error.insufficient_funds")] }, 422);

/**
 * The lender's bank account for withdrawals: the verified account on their profile (the same
 * onboarding/registration `bank` step the disbursal pays borrowers to); 422 when there is none.
 */
async function payoutAccount(db: Db, customerId: string): Promise<BorrowerBankAccount> {
  const account = await borrowerBankAccount(db, customerId);
  if (!account) throw new Refusal(422, "bank_account_missing", t("lender_money.withdrawal.error.bank_account_missing"));
  return account;
}

async function available(db: Db, customerId: string, accountId: string): Promise<number> {
  const funds = await findLedgerAccount(db, "lender_funds", { customerId, accountId });
  return funds ? balanceOf("lender_funds", funds).available : 0;
}

/**
 * POST accounts/{id}/withdrawals/code: checks what can be checked before a code is sent (the
 * account is the caller's, a bank account exists, the amount is available), then sends a code
 * confirming exactly this amount (a signature of `withdrawal:<account>:<amount>`).
 */
export async function requestWithdrawalCode(ctx: SignatureContext, input: { customerId: string; accountId: string; amount: number }): Promise<CreateResult> {
  await ownInvestmentAccount(ctx.db, input.customerId, input.accountId);
  await payoutAccount(ctx.db, input.customerId);
  if (input.amount > (await available(ctx.db, input.customerId, input.accountId))) throw insufficientFunds();
  return createSignature(ctx, { customerId: input.customerId, method: "sms", subject: withdrawalSubject(input.accountId, input.amount) });
}

export type WithdrawResult = { kind: "created" | "replayed"; withdrawal: Withdrawal } | CodeRefusal | ClosedSignature;

type WithdrawInput = {
  customerId: string;
  accountId: string;
  amount: number;
  idempotencyKey: string;
  signatureId: string;
  code: string;
  /** The business instant and date: what the reservation is booked on and when the first attempt is due. */
  now: Date;
  businessDate: string;
};

/**
 * POST accounts/{id}/withdrawals, in one transaction under the investment account's row lock (so
 * two withdrawals of one account, a double click included, run one after the other):
 * - the same idempotency key answers its withdrawal (`replayed`); with another amount it is a 409;
 * - the code must confirm this account and amount, and be right (a wrong code counts an attempt,
 *   which is kept: the refusal is answered after the commit); its expiry is checked on real time,
 *   the clock it was stamped on (decision 0011), so a moved sandbox clock does not expire it;
 * - the amount is reserved: a pending transfer lender_funds → bank_escrow, which the ledger refuses
 *   beyond the available balance (422 on amount, nothing stored but the used code).
 * The bank is called afterwards (withdrawal-run.ts).
 */
export async function withdraw(ctx: SignatureContext, input: WithdrawInput): Promise<WithdrawResult> {
  await ownInvestmentAccount(ctx.db, input.customerId, input.accountId);
  const bank = await payoutAccount(ctx.db, input.customerId);
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.id, input.accountId)).for("update");
    const [existing] = await tx
      .select()
      .from(schema.withdrawals)
      .where(and(eq(schema.withdrawals.accountId, input.accountId), eq(schema.withdrawals.idempotencyKey, input.idempotencyKey)));
    if (existing) {
      if (existing.amount !== input.amount || existing.signatureId !== input.signatureId) throw new Refusal(409, "idempotency_conflict", t("lender_money.withdrawal.error.key_reused"));
      return { kind: "replayed", withdrawal: existing };
    }
    const signature = await pollSignature(tx, { id: input.signatureId, customerId: input.customerId });
    if (signature && signature.subject !== withdrawalSubject(input.accountId, input.amount)) {
      throw new FieldErrors({ code: [t("lender_money.withdrawal.error.code_mismatch")] }, 422);
    }
    const checked = await enterSignatureCode({ ...ctx, db: tx }, { id: input.signatureId, customerId: input.customerId, code: input.code });
    if (checked.kind !== "signed") return checked;
    return { kind: "created", withdrawal: await reserve(tx, input, bank) };
  });
}

async function reserve(tx: Db, input: WithdrawInput, bank: BorrowerBankAccount): Promise<Withdrawal> {
  const id = randomUUID();
  const reservationId = randomUUID();
  const funds = await openLedgerAccount(tx, "lender_funds", { customerId: input.customerId, accountId: input.accountId });
  const escrow = await openLedgerAccount(tx, "bank_escrow");
  await createTransfers(tx, [
    { id: reservationId, mode: "pending", code: "withdrawal", debitAccountId: funds.id, creditAccountId: escrow.id, amount: input.amount, idempotencyKey: `withdrawal:${id}:reserve`, businessDate: input.businessDate, reference: `withdrawal:${id}` },
  ]).catch((error: unknown) => {
    if (error instanceof LedgerRefusal && error.code === "exceeds_credits") throw insufficientFunds();
    throw error;
  });
  const [row] = await tx
    .insert(schema.withdrawals)
    .values({
      id,
      accountId: input.accountId,
      customerId: input.customerId,
      idempotencyKey: input.idempotencyKey,
      signatureId: input.signatureId,
      amount: input.amount,
      bankCode: bank.bankCode,
      accountNumber: bank.accountNumber,
      accountName: bank.accountName,
      reservationId,
      nextAttemptAt: input.now,
      businessDate: input.businessDate,
    })
    .returning();
  return row!;
}

export function withdrawalView(w: Withdrawal): WithdrawalView {
  return {
    id: w.id,
    amount: w.amount,
    status: w.status,
    status_label: t(`lender_money.withdrawal.status.${w.status}`),
    reason: w.failure ? t(`lender_money.withdrawal.reason.${w.failure}`) : null,
    bank_code: w.bankCode,
    account_number: `••••${w.accountNumber.slice(-4)}`,
    account_name: w.accountName,
    requested_on: w.businessDate,
    created_at: w.createdAt.toISOString(),
  };
}

/** GET accounts/{id}/withdrawals: the caller's withdrawals, newest first. */
export async function listWithdrawals(db: Db, customerId: string, accountId: string): Promise<Withdrawal[]> {
  await ownInvestmentAccount(db, customerId, accountId);
  return db.select().from(schema.withdrawals).where(eq(schema.withdrawals.accountId, accountId)).orderBy(desc(schema.withdrawals.createdAt), desc(schema.withdrawals.id)).limit(50);
}

/** One withdrawal, read again after its first attempt. */
export async function withdrawalById(db: Db, id: string): Promise<Withdrawal> {
  const [row] = await db.select().from(schema.withdrawals).where(eq(schema.withdrawals.id, id));
  return row!;
}
