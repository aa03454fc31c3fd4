import type { BankAccountInput } from "@pinjaman/contracts/bank-account";
import { BANK_CODES, isBankAccountHolder, isBankAccountNumber } from "@pinjaman/domain/field-rules/bank-account";
import { t } from "@pinjaman/i18n";
import type { ApiError } from "../shell/api-fetch.ts";
import { TextField } from "../shell/text-field.tsx";
import "@pinjaman/i18n/ns/flows";

/** The account as typed: the bank may still be unchosen. */
export type BankAccountDraft = Omit<BankAccountInput, "bank_code"> & { bank_code: BankAccountInput["bank_code"] | "" };
export type BankAccountField = keyof BankAccountInput;
export type BankAccountErrors = Partial<Record<BankAccountField, string>>;
export const BANK_ACCOUNT_FIELDS: readonly BankAccountField[] = ["bank_code", "account_number", "account_name"];

/** A dialog's starting draft: the account already on record, or an empty one. */
export function bankAccountDraft(current: { bank_code: string; account_number: string; account_name: string } | null | undefined): BankAccountDraft {
  return { bank_code: (current?.bank_code ?? "") as BankAccountDraft["bank_code"], account_number: current?.account_number ?? "", account_name: current?.account_name ?? "" };
}

/** What the fields say: the refund names the payer's account, the partners page the merchant's. */
export type BankAccountLabels = { bank: string; choose: string; number: string; numberHint: string; holder: string; holderHint: string };

/** The field messages of the bank step's rules (packages/domain/src/field-rules/bank-account.ts), none when all is well. */
export function bankAccountErrors(a: BankAccountDraft, chooseMessage: string): BankAccountErrors {
  const errors: BankAccountErrors = {};
  if (!a.bank_code) errors.bank_code = chooseMessage;
  if (!isBankAccountNumber(a.account_number)) errors.account_number = t("flows.error.bank_account_number");
  if (!isBankAccountHolder(a.account_name)) errors.account_name = t("flows.error.bank_account_holder");
  return errors;
}

/** The server's field messages for the three fields (an ApiError of a 4xx). */
export function bankAccountServerErrors(error: ApiError): BankAccountErrors {
  return Object.fromEntries(BANK_ACCOUNT_FIELDS.flatMap((f) => (error.fieldMessage(f) ? [[f, error.fieldMessage(f)!]] : [])));
}

/**
 * A bank account's three fields (bank from the onboarding bank step's list, number, holder) with
 * labels, hints and their messages tied to each input; ids are `${id}-<field>` so the owner can
 * focus the first refused one.
 */
export function BankAccountFields({
  id,
  account,
  errors,
  labels,
  onChange,
}: {
  id: string;
  account: BankAccountDraft;
  errors: BankAccountErrors;
  labels: BankAccountLabels;
  onChange: (field: BankAccountField, value: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-bank_code`} className="field__label">
          {labels.bank}
        </label>
        <select
          id={`${id}-bank_code`}
          className="field__input"
          value={account.bank_code}
          onChange={(e) => onChange("bank_code", e.target.value)}
          required
          aria-invalid={errors.bank_code ? true : undefined}
          aria-describedby={errors.bank_code ? `${id}-bank_code-error` : undefined}
        >
          <option value="">{labels.choose}</option>
          {BANK_CODES.map((code) => (
            <option key={code} value={code}>
              {t(`flows.option.bank.${code}`)}
            </option>
          ))}
        </select>
        {errors.bank_code && (
          <p id={`${id}-bank_code-error`} className="field__error">
            {errors.bank_code}
          </p>
        )}
      </div>
      <TextField
        id={`${id}-account_number`}
        label={labels.number}
        hint={labels.numberHint}
        value={account.account_number}
        onChange={(value) => onChange("account_number", value)}
        error={errors.account_number}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        id={`${id}-account_name`}
        label={labels.holder}
        hint={labels.holderHint}
        value={account.account_name}
        onChange={(value) => onChange("account_name", value)}
        error={errors.account_name}
        autoComplete="off"
        required
      />
    </>
  );
}
