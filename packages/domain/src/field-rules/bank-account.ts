/**
 * A payee's bank account as onboarding's `bank` step collects it (spec section 4): the bank from
 * the platform's list, an account number of 6–20 digits (spaces and dashes dropped) and the
 * holder's name (letters, spaces and . , ' -, 3–100 characters). The one rule the flow step, the
 * disbursal's payee and the operator's refund of a parked payment check.
 */

/** The banks a customer can name (labels in the catalogue, flows.option.bank.<code>). */
export const BANK_CODES = ["bca", "bni", "bri", "mandiri", "btn", "cimb", "permata", "danamon", "bsi", "ocbc"] as const;
export type BankCode = (typeof BANK_CODES)[number];

/** The account number as the bank wants it: spaces and dashes dropped. */
export function bankAccountDigits(value: string): string {
  return value.trim().replace(/[\s-]/g, "");
}

export function isBankAccountNumber(value: string): boolean {
  return /^\d{6,20}$/.test(bankAccountDigits(value));
}

export function isBankAccountHolder(value: string): boolean {
  return /^[\p{L} .,'-]{3,100}$/u.test(value.trim());
}
