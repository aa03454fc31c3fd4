import { schema, type Db } from "@pinjaman/db";
import { platformSettings } from "../settings/company-settings.ts";
import { t } from "@pinjaman/i18n";
import { and, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { Refusal } from "../../plugins/errors.ts";
import { creditTopUp } from "../lender-money/top-up.ts";
import { payoffToTransfer } from "@pinjaman/domain/payoff";
import { DEFAULT_OVERPAYMENT_MARGIN } from "../../config.ts";
import { borrowerCreditBalance, loanPosition, payoffOf } from "./loan-position.ts";
import { parkPayment, settleLoanPayment, type ParkedReason } from "./settle-payment.ts";
import "@pinjaman/i18n/ns/payments";

export type StoredPayment = typeof schema.payments.$inferSelect;

/** Money paid into a virtual account, as the gateway (or the sandbox playing it) reports it. */
export type IncomingPayment = {
  channel: string;
  virtualAccountNumber: string;
  amount: number;
  gatewayTransactionId: string;
  businessDate: string;
  paidAt?: Date | null;
  source: "gateway" | "sandbox";
};

export type RepaymentSettings = {
  platformFeePpm: number;
  /** Rupiah a payment may exceed what pays the loan off before it is parked (OVERPAYMENT_MARGIN; default DEFAULT_OVERPAYMENT_MARGIN). */
  overpaymentMargin?: number;
};

/** The largest amount the books take as a payment: above it, or not a whole rupiah above 0, it is parked. */
const MAX_PAYMENT = 10_000_000_000_000;

function sameNotification(stored: StoredPayment, incoming: IncomingPayment): boolean {
  return stored.amount === incoming.amount && stored.channel === incoming.channel && stored.virtualAccountNumber === incoming.virtualAccountNumber;
}

/**
 * The one path every payment takes (decision 0016), in one transaction:
 * - idempotent on the gateway transaction id: under a transaction-scoped advisory lock on it, a
 *   stored payment with the same content is answered (`replayed`) and nothing is posted again;
 *   other content under the same id is a 409;
 * - an unknown virtual account, an impossible amount (0), a loan that is not active, or an amount
 *   above what pays the loan off today (less the borrower's credit) plus the overpayment margin
 *   parks the payment: `bank_escrow → payment_suspense`, never lost, never allocated;
 * - a lender's top-up virtual account credits the lender's funds (lender-money/top-up.ts);
 * - otherwise the loan account row is locked (concurrent payments of one loan serialise), the
 *   payment is allocated (loan-allocation.ts) and a paid-off loan is closed (closing.ts).
 */
export async function receivePayment(db: Db, incoming: IncomingPayment, settings: RepaymentSettings): Promise<{ payment: StoredPayment; replayed: boolean }> {
  // The platform fee staff saved in the back office, else the configured one (PLATFORM_FEE_PPM).
  const { platform_fee_ppm: platformFeePpm } = await platformSettings(db, settings.platformFeePpm);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment:${incoming.gatewayTransactionId}`}))`);
    const [stored] = await tx.select().from(schema.payments).where(eq(schema.payments.gatewayTransactionId, incoming.gatewayTransactionId));
    if (stored) {
      if (!sameNotification(stored, incoming)) throw new Refusal(409, "payment_conflict", t("payments.payment.transaction_reused"));
      return { payment: stored, replayed: true };
    }

    const [va] = await tx
      .select()
      .from(schema.virtualAccounts)
      .where(and(sql`${schema.virtualAccounts.channel} = ${incoming.channel}`, eq(schema.virtualAccounts.number, incoming.virtualAccountNumber)));
    if (!va) return { payment: await park(tx, incoming, "unknown_virtual_account", null), replayed: false };
    if (!Number.isSafeInteger(incoming.amount) || incoming.amount <= 0 || incoming.amount > MAX_PAYMENT) {
      return { payment: await park(tx, incoming, "invalid_amount", va), replayed: false };
    }
    const [account] = await tx.select().from(schema.accounts).where(eq(schema.accounts.id, va.accountId)).for("update");
    // A lender's top-up virtual account: the money is theirs to invest (decision 0020).
    if (account?.typeKey === "investment" && account.status === "active") return { payment: await creditTopUp(tx, rowOf(incoming, va), account), replayed: false };
    const position = account?.status === "active" ? await loanPosition(tx, va.accountId, { lock: true }) : null;
    if (!account || !position) return { payment: await park(tx, incoming, "account_not_active", va), replayed: false };
    // A figure far above what is owed is not believed: reconciliation decides (a mistyped or forged amount must not become credit).
    const owed = payoffToTransfer(payoffOf(position, incoming.businessDate), await borrowerCreditBalance(tx, account.customerId, account.id));
    if (incoming.amount > owed + (settings.overpaymentMargin ?? DEFAULT_OVERPAYMENT_MARGIN)) return { payment: await park(tx, incoming, "above_payoff", va), replayed: false };

    const paymentId = randomUUID();
    const { payment } = await settleLoanPayment(
      tx,
      { paymentId, borrowerId: account.customerId, accountId: account.id, virtualAccountNumber: va.number, amount: incoming.amount, businessDate: incoming.businessDate, platformFeePpm },
      position,
      { ...rowOf(incoming, va), id: paymentId },
      account.status,
    );
    return { payment, replayed: false };
  });
}

function rowOf(incoming: IncomingPayment, va: typeof schema.virtualAccounts.$inferSelect | null) {
  return {
    gatewayTransactionId: incoming.gatewayTransactionId,
    source: incoming.source,
    channel: incoming.channel,
    virtualAccountNumber: incoming.virtualAccountNumber,
    virtualAccountId: va?.id ?? null,
    accountId: va?.accountId ?? null,
    amount: incoming.amount,
    businessDate: incoming.businessDate,
    paidAt: incoming.paidAt ?? null,
  };
}

/** Parks a payment for reconciliation: stored with its reason, its money in payment suspense. */
function park(tx: Db, incoming: IncomingPayment, reason: ParkedReason, va: typeof schema.virtualAccounts.$inferSelect | null): Promise<StoredPayment> {
  return parkPayment(tx, { ...rowOf(incoming, va), id: randomUUID() }, reason);
}
