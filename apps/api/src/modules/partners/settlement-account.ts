import type { PartnerSettlementAccount } from "@pinjaman/contracts/partners";
import type { FlowValues } from "@pinjaman/contracts/flows";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { holderMatchesName } from "@pinjaman/domain/field-rules/account-holder";
import { BANK_CODES, bankAccountDigits, isBankAccountHolder, isBankAccountNumber } from "@pinjaman/domain/field-rules/bank-account";
import { t } from "@pinjaman/i18n";
import type { BankAccountInput } from "@pinjaman/contracts/bank-account";
import { eq } from "drizzle-orm";
import { FieldErrors, Refusal } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/flows";
import "@pinjaman/i18n/ns/partners";

type PartnerRow = typeof schema.partners.$inferSelect;
type Account = { bankCode: string; accountNumber: string; accountName: string };

/**
 * A partner's settlement account (decision 0032): where the loans of its purchases are paid.
 * Null when it has none (a partner created before settlement accounts existed).
 */
export function partnerSettlementAccount(row: PartnerRow): Account | null {
  if (!row.settlementBankCode || !row.settlementAccountNumber || !row.settlementAccountName) return null;
  return { bankCode: row.settlementBankCode, accountNumber: row.settlementAccountNumber, accountName: row.settlementAccountName };
}

export function settlementAccountView(row: PartnerRow): PartnerSettlementAccount | null {
  const account = partnerSettlementAccount(row);
  return account ? { bank_code: account.bankCode, account_number: account.accountNumber, account_name: account.accountName } : null;
}

/** A settlement account is the partner's own: its holder carries the partner's legal name (issue 17 §4). */
export function settlementHolderProblem(holder: string, legalName: string): string | null {
  if (!isBankAccountHolder(holder)) return t("flows.error.bank_account_holder");
  return holderMatchesName(holder, legalName) ? null : t("partners.error.settlement_holder_mismatch", { name: legalName });
}

const columns = (a: Account) => ({ settlementBankCode: a.bankCode, settlementAccountNumber: a.accountNumber, settlementAccountName: a.accountName });

/**
 * The settlement account of the creation flow's `settlement` step (bank_code, bank_account_number,
 * bank_account_holder: the bank step's keys, so its `bank_account` check runs on the step), checked
 * again by the same rules at completion. Field messages for each problem, else the columns to store.
 */
export function settlementFromFlow(values: FlowValues): { fields: Record<string, string[]>; columns: ReturnType<typeof columns> | null } {
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string).trim() : "");
  const fields: Record<string, string[]> = {};
  const bankCode = text("bank_code");
  if (!(BANK_CODES as readonly string[]).includes(bankCode)) fields.bank_code = [t("partners.error.settlement_bank")];
  if (!isBankAccountNumber(text("bank_account_number"))) fields.bank_account_number = [t("flows.error.bank_account_number")];
  const holderMessage = settlementHolderProblem(text("bank_account_holder"), text("legal_name"));
  if (holderMessage) fields.bank_account_holder = [holderMessage];
  if (Object.keys(fields).length > 0) return { fields, columns: null };
  return { fields, columns: columns({ bankCode, accountNumber: bankAccountDigits(text("bank_account_number")), accountName: text("bank_account_holder") }) };
}

/**
 * Staff replace a partner's settlement account (the body already checked by the contract) in one
 * transaction with `audit` (the staff action, before and after). Answers the partner row.
 */
export async function saveSettlementAccount(
  db: Db,
  partnerId: string,
  input: BankAccountInput,
  audit: (tx: Db, change: { before: PartnerSettlementAccount | null; after: PartnerSettlementAccount }) => Promise<void>,
): Promise<PartnerRow> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [partner] = await tx.select().from(schema.partners).where(eq(schema.partners.id, partnerId)).for("update");
    if (!partner) throw new Refusal(404, "partner_not_found", t("partners.error.partner_not_found"));
    const holderMessage = settlementHolderProblem(input.account_name, partner.legalName);
    if (holderMessage) throw new FieldErrors({ account_name: [holderMessage] });
    const account = { bankCode: input.bank_code, accountNumber: bankAccountDigits(input.account_number), accountName: input.account_name.trim() };
    const [saved] = await tx.update(schema.partners).set(columns(account)).where(eq(schema.partners.id, partnerId)).returning();
    await audit(tx, { before: settlementAccountView(partner), after: settlementAccountView(saved!)! });
    return saved!;
  });
}

/**
 * A partner without a settlement account cannot sell on instalments: its loan would have no payee.
 * `status` 422 for the partner's create call, 409 for the customer paying an older purchase.
 */
export async function assertPartnerCanSettle(db: Db, partnerId: string, status: 409 | 422): Promise<void> {
  const [partner] = await db.select().from(schema.partners).where(eq(schema.partners.id, partnerId));
  if (partner && partnerSettlementAccount(partner)) return;
  throw new Refusal(status, "partner_settlement_account_missing", t(status === 422 ? "partners.error.settlement_missing_partner" : "partners.error.settlement_missing_customer"));
}
