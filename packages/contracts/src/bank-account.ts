import { z } from "zod";
import { BANK_CODES, isBankAccountHolder, isBankAccountNumber } from "@pinjaman/domain/field-rules/bank-account";
import "@pinjaman/i18n/ns/flows";

/**
 * A bank account a person types in (bank from the platform's list, number, holder), checked by
 * onboarding's bank step's rules (packages/domain/src/field-rules/bank-account.ts) with its
 * messages: the refund of a parked payment, a partner's settlement account.
 */
export const bankAccountInput = z.object({
  bank_code: z.enum(BANK_CODES),
  account_number: z.string().refine(isBankAccountNumber, { params: { messageKey: "flows.error.bank_account_number" } }),
  account_name: z.string().trim().refine(isBankAccountHolder, { params: { messageKey: "flows.error.bank_account_holder" } }),
});
export type BankAccountInput = z.infer<typeof bankAccountInput>;
