import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import {
  VIRTUAL_ACCOUNT_CHANNELS,
  virtualAccountNumber,
  type ChannelCodes,
  type VirtualAccountChannel,
} from "@pinjaman/domain/virtual-accounts";
import { t } from "@pinjaman/i18n";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/payments";
import "@pinjaman/i18n/ns/status";

export type StoredVirtualAccount = typeof schema.virtualAccounts.$inferSelect;

export const loanAccountNotFound = () => new Refusal(404, "account_not_found", t("status.transition.account_not_found"));

/** The account's virtual accounts in channel order (VIRTUAL_ACCOUNT_CHANNELS). */
export async function virtualAccountsOf(db: Db, accountId: string): Promise<StoredVirtualAccount[]> {
  const rows = await db.select().from(schema.virtualAccounts).where(eq(schema.virtualAccounts.accountId, accountId)).orderBy(asc(schema.virtualAccounts.channel));
  return rows.sort((a, b) => VIRTUAL_ACCOUNT_CHANNELS.indexOf(a.channel) - VIRTUAL_ACCOUNT_CHANNELS.indexOf(b.channel));
}

/**
 * The virtual account money that did not arrive through one is booked under (a parked payment
 * matched by staff, the borrower's credit): the preferred channel's, else the first opened.
 */
export async function bookingVirtualAccount(db: Db, account: { id: string; paymentChannel: string | null }): Promise<StoredVirtualAccount> {
  const vas = await db.select().from(schema.virtualAccounts).where(eq(schema.virtualAccounts.accountId, account.id)).orderBy(asc(schema.virtualAccounts.createdAt));
  const va = vas.find((v) => v.channel === account.paymentChannel) ?? vas[0];
  if (!va) throw new Error(`loan ${account.id} has no virtual account`);
  return va;
}

/**
 * Opens one virtual account per channel for a loan account (decision 0012), idempotent: the
 * channels it has are kept, the missing ones get numbers from one new value of the
 * `virtual_account_customer_number` sequence. The account row is locked first, so concurrent
 * calls for one account open each channel once; sequence values are never reused, so two
 * accounts never share a number on a channel. `codes` are the banks' codes for the platform
 * (`app.config.virtualAccountCodes`; SANDBOX_CHANNEL_CODES in the sandbox). Returns all the account's virtual accounts.
 * An investment account (`typeKey` investment) gets its top-up virtual accounts the same way, from
 * the same sequence: a number is a loan's or a lender's, told apart by its account's type.
 */
export async function openVirtualAccounts(tx: Db, accountId: string, codes: ChannelCodes, typeKey: "loan" | "investment" = "loan"): Promise<StoredVirtualAccount[]> {
  const [account] = await tx.select({ typeKey: schema.accounts.typeKey }).from(schema.accounts).where(eq(schema.accounts.id, accountId)).for("update");
  if (!account || account.typeKey !== typeKey) throw loanAccountNotFound();
  const existing = await virtualAccountsOf(tx, accountId);
  const missing = VIRTUAL_ACCOUNT_CHANNELS.filter((channel) => !existing.some((va) => va.channel === channel));
  if (missing.length === 0) return existing;
  const next = (await tx.execute(sql`select nextval('virtual_account_customer_number')::int as n`)) as unknown as { rows: { n: number }[] };
  const customerNumber = Number(next.rows[0]?.n);
  await tx.insert(schema.virtualAccounts).values(missing.map((channel) => ({ accountId, channel, number: virtualAccountNumber(channel, codes, customerNumber) })));
  return virtualAccountsOf(tx, accountId);
}

/**
 * The change_payment_channel flow's completion: the account's preferred channel becomes one of
 * the channels it has a virtual account on; any other is a 422 on payment_channel, nothing changed.
 */
export async function choosePaymentChannel(tx: Db, { accountId, customerId, channel }: { accountId: string; customerId: string; channel: string }): Promise<void> {
  const [va] = await tx
    .select({ channel: schema.virtualAccounts.channel })
    .from(schema.virtualAccounts)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.virtualAccounts.accountId))
    .where(and(eq(schema.virtualAccounts.accountId, accountId), eq(schema.accounts.customerId, customerId), eq(schema.virtualAccounts.channel, channel as VirtualAccountChannel)));
  if (!va) throw new FieldErrors({ payment_channel: [t("payments.channel_not_opened")] }, 422);
  await tx.update(schema.accounts).set({ paymentChannel: va.channel }).where(eq(schema.accounts.id, accountId));
}
