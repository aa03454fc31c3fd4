import type { AccountDetail } from "@pinjaman/contracts/account-detail";
import type { Account, AccountApplication } from "@pinjaman/contracts/accounts";
import type { Invoice, NewPayment } from "@pinjaman/contracts/invoices";
import { vi } from "vitest";
import type { LoansApi } from "./loans-api.ts";

export const ACCOUNT_ID = "7c2f0d6e-1a5b-4f8e-8d2c-5e6f7a8b9c0d";
export const APPLICATION_ID = "0b9a4a4e-5d7e-4c35-9a51-3f3b1a3c9e01";
export const BCA_VA = "1234500000000017";

export const ACTIVE_ACCOUNT: Account = {
  id: ACCOUNT_ID,
  type_key: "loan",
  product_key: "spl",
  status: "active",
  principal_balance: 1_460_000,
  payment_channel: "bca_va",
  activated_on: "2026-08-24",
  closed_on: null,
  created_at: "2026-08-20T03:00:00.000Z",
};

export const APPLICATION: AccountApplication = {
  id: APPLICATION_ID,
  account_id: ACCOUNT_ID,
  product_key: "spl",
  product_name: "Pinjaman Cicilan",
  type_key: "initial",
  status: "activated",
  amount: 2_000_000,
  term: 4,
  daily_rate_ppm: 1000,
  total_repayment: 2_240_000,
  submitted_on: "2026-08-20",
  effective_on: "2026-08-24",
  maturity_on: "2026-12-24",
  risk_grade: "B",
  rejection_reason: null,
};

const invoice = (number: number, dueOn: string, paid: Partial<Invoice> = {}): Invoice => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  account_id: ACCOUNT_ID,
  account_application_id: APPLICATION_ID,
  number,
  due_on: dueOn,
  principal: 500_000,
  interest: 60_000,
  total: 560_000,
  late_fee: 0,
  paid_principal: 0,
  paid_interest: 0,
  paid_late_fee: 0,
  outstanding: 560_000,
  status: "open",
  paid_on: null,
  ...paid,
});

/** Business date 2026-11-24: invoice 1 paid, 2 paid in part and late, 3 late, 4 not yet due. */
export const INVOICES: Invoice[] = [
  invoice(1, "2026-09-24", { paid_principal: 500_000, paid_interest: 60_000, outstanding: 0, status: "paid", paid_on: "2026-09-22" }),
  invoice(2, "2026-10-24", { paid_principal: 40_000, paid_interest: 60_000, outstanding: 460_000 }),
  invoice(3, "2026-11-23"),
  invoice(4, "2026-12-24"),
];

export const DETAIL: AccountDetail = {
  ...ACTIVE_ACCOUNT,
  initial_account_application: { ...APPLICATION, maturity_on: "2026-11-24" },
  current_account_application: APPLICATION,
  maturity_extension_days: 30,
  outstanding_principal: 1_460_000,
  outstanding_total: 1_580_000,
  next_invoice: INVOICES[1]!,
  payoff: { principal: 1_460_000, interest: 60_000, late_fee: 0, total: 1_520_000, credit: 0, amount_to_pay: 1_520_000 },
  closing_credit: null,
  paid_to_merchant: null,
  today: "2026-11-24",
};

export const NEW_PAYMENT: NewPayment = {
  channels: [
    {
      key: "bca_va",
      name: "Virtual Account BCA",
      virtual_account_number: BCA_VA,
      preferred: true,
      methods: [
        { key: "atm", name: "ATM", steps: ["Masukkan kartu ATM BCA dan PIN Anda.", `Masukkan nomor virtual account ${BCA_VA}.`] },
        { key: "mobile_banking", name: "Mobile Banking", steps: ["Buka BCA mobile."] },
      ],
    },
    { key: "bni_va", name: "Virtual Account BNI", virtual_account_number: "9881234500000017", preferred: false, methods: [{ key: "atm", name: "ATM", steps: ["Masukkan kartu ATM BNI."] }] },
  ],
  amount_due: 1_020_000,
  today: "2026-11-24",
  next_due_on: "2026-12-24",
  next_amount: 560_000,
  payoff_amount: 1_520_000,
  credit_balance: 0,
};

/** A LoansApi whose calls answer the given data; override any call per test. */
export function fakeApi(overrides: Partial<LoansApi> = {}): LoansApi & Record<keyof LoansApi, ReturnType<typeof vi.fn>> {
  const api = {
    accounts: vi.fn(async (filters: { field: string; op: string }[]) => (filters.some((f) => f.field === "closed_on" && f.op === "present") ? [] : [ACTIVE_ACCOUNT])),
    applications: vi.fn(async () => [APPLICATION]),
    flowProgresses: vi.fn(async () => []),
    account: vi.fn(async () => DETAIL),
    invoices: vi.fn(async () => ({ data: INVOICES, meta: { page: 1, per_page: 20, total: 4 } })),
    newPayment: vi.fn(async () => NEW_PAYMENT),
    pay: vi.fn(),
    statement: vi.fn(),
    startCancellation: vi.fn(),
    ...overrides,
  };
  return api as unknown as LoansApi & Record<keyof LoansApi, ReturnType<typeof vi.fn>>;
}
