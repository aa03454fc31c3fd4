import type { Payment } from "@pinjaman/contracts/payments";
import { schema, type Db } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, eq } from "drizzle-orm";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import { loanAccountNotFound } from "../invoices/virtual-accounts.ts";
import { receivePayment, type RepaymentSettings, type StoredPayment } from "./payment-service.ts";
import "@pinjaman/i18n/ns/payments";

export function paymentView(p: StoredPayment): Payment {
  return {
    id: p.id,
    account_id: p.accountId!,
    channel: p.channel as Payment["channel"],
    virtual_account_number: p.virtualAccountNumber,
    amount: p.amount,
    paid_on: p.businessDate,
    allocation: { late_fee: p.lateFee, interest: p.interest, principal: p.principal, credit: p.credit, credit_used: p.creditUsed, waived_interest: p.waivedInterest },
    account_status: p.accountStatus ?? "active",
    status: p.status,
    parked_reason: p.parkedReason,
  };
}

/**
 * The sandbox playing the payment gateway (POST accounts/{id}/payments): the caller's loan
 * account, a channel it has a virtual account on (else 422 on channel), then the same
 * `receivePayment` a gateway notification takes, with the transaction id
 * `sandbox:<account>:<idempotency key>`. The same key with another amount or channel is a 409.
 */
export async function sandboxPayment(
  db: Db,
  input: { customerId: string; accountId: string; channel: string; amount: number; idempotencyKey: string; businessDate: string },
  settings: RepaymentSettings,
): Promise<{ payment: StoredPayment; replayed: boolean }> {
  const [account] = await db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.id, input.accountId), eq(schema.accounts.customerId, input.customerId), eq(schema.accounts.typeKey, "loan")));
  if (!account) throw loanAccountNotFound();
  const [va] = await db
    .select()
    .from(schema.virtualAccounts)
    .where(and(eq(schema.virtualAccounts.accountId, input.accountId), eq(schema.virtualAccounts.channel, input.channel as typeof schema.virtualAccounts.$inferSelect.channel)));
  if (!va) throw new FieldErrors({ channel: [t("payments.channel_not_opened")] }, 422);
  try {
    return await receivePayment(
      db,
      { channel: va.channel, virtualAccountNumber: va.number, amount: input.amount, gatewayTransactionId: `sandbox:${input.accountId}:${input.idempotencyKey}`, businessDate: input.businessDate, source: "sandbox" },
      settings,
    );
  } catch (error) {
    if (error instanceof Refusal && error.code === "payment_conflict") throw new FieldErrors({ idempotency_key: [t("payments.payment.key_reused")] }, 409);
    throw error;
  }
}
