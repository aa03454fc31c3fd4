import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { bankAccountDigits, isBankAccountNumber } from "@pinjaman/domain/field-rules/bank-account";
import { t } from "@pinjaman/i18n";
import { eq } from "drizzle-orm";
import "@pinjaman/i18n/ns/flows";

/** The bank's name as the bank step lists it (`bca` → BCA). */
export const bankName = (code: string) => t(`flows.option.bank.${code}`);

export type BorrowerBankAccount = { name: string; bankCode: string; accountNumber: string; accountName: string };

const text = (kyc: Record<string, unknown>, key: string) => {
  const value = kyc[key];
  return typeof value === "string" ? value.trim() : "";
};

/**
 * Where the borrower's loan is paid: the bank account onboarding's `bank` step collected
 * (customer_profiles.kyc: bank_code, bank_account_number, bank_account_holder; spaces and dashes
 * dropped from the number as the step's check does). Null when the profile has none (a flow that
 * connected a bank through open banking instead): such a loan cannot be paid out.
 */
export async function borrowerBankAccount(db: Db, customerId: string): Promise<BorrowerBankAccount | null> {
  const [row] = await db
    .select({ name: schema.customers.name, kyc: schema.customerProfiles.kyc })
    .from(schema.customers)
    .leftJoin(schema.customerProfiles, eq(schema.customerProfiles.customerId, schema.customers.id))
    .where(eq(schema.customers.id, customerId));
  if (!row?.kyc) return null;
  const bankCode = text(row.kyc, "bank_code");
  const accountNumber = bankAccountDigits(text(row.kyc, "bank_account_number"));
  const accountName = text(row.kyc, "bank_account_holder");
  if (!bankCode || !isBankAccountNumber(accountNumber) || !accountName) return null;
  return { name: row.name, bankCode, accountNumber, accountName };
}
