import type { Deposit } from "@pinjaman/contracts/ledger";
import type { PaymentOptions, Withdrawal, WithdrawalCode } from "@pinjaman/contracts/lender-money";
import type { TaxStatement } from "@pinjaman/contracts/lender-tax";
import { apiFetch } from "../shell/api-fetch.ts";

/** A lender's money in and out of an investment account (issue 9 §2), one function per call. */

const account = (id: string) => `/app_api/v1/accounts/${encodeURIComponent(id)}`;

export const LENDER_MONEY_URLS = {
  paymentOptions: (id: string) => `${account(id)}/payment_options`,
  withdrawalCode: (id: string) => `${account(id)}/withdrawals/code`,
  withdrawals: (id: string) => `${account(id)}/withdrawals`,
  deposits: (id: string) => `${account(id)}/deposits`,
  taxStatement: (id: string, year: number | null) => `${account(id)}/tax_statements${year === null ? "" : `?year=${year}`}`,
};

export const lenderMoneyApi = {
  async paymentOptions(id: string): Promise<PaymentOptions> {
    return (await apiFetch<{ data: PaymentOptions }>(LENDER_MONEY_URLS.paymentOptions(id))).data;
  },
  async withdrawalCode(id: string, amount: number): Promise<WithdrawalCode> {
    return (await apiFetch<{ data: WithdrawalCode }>(LENDER_MONEY_URLS.withdrawalCode(id), { body: { data: { amount } } })).data;
  },
  async withdraw(id: string, data: { amount: number; idempotency_key: string; signature_id: string; code: string }): Promise<Withdrawal> {
    return (await apiFetch<{ data: Withdrawal }>(LENDER_MONEY_URLS.withdrawals(id), { body: { data } })).data;
  },
  /** Sandbox only: plays the bank's transfer into the top-up VA of `channel`. */
  async deposit(id: string, data: { channel: string; amount: number; idempotency_key: string }): Promise<Deposit> {
    return (await apiFetch<{ data: Deposit }>(LENDER_MONEY_URLS.deposits(id), { body: { data } })).data;
  },
  /** Interest and tax withheld per month of `year` (null: the business clock's year). */
  async taxStatement(id: string, year: number | null): Promise<TaxStatement> {
    return (await apiFetch<{ data: TaxStatement }>(LENDER_MONEY_URLS.taxStatement(id, year))).data;
  },
  async withdrawals(id: string): Promise<Withdrawal[]> {
    return (await apiFetch<{ data: Withdrawal[] }>(LENDER_MONEY_URLS.withdrawals(id))).data;
  },
};

export type LenderMoneyApi = typeof lenderMoneyApi;
