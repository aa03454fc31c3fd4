import type { InvestmentDetail, InvestmentShare, InvestmentStatistics, LenderBorrower } from "@pinjaman/contracts/investment-reads";
import type { InvestmentApplication } from "@pinjaman/contracts/investments";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { LenderApiContext, type LenderApi } from "./lender-api.ts";

export const ACCOUNT_ID = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
export const APPLICATION_ID = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
export const INVESTMENT_ID = "3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f";
export const BORROWER_ID = "4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f80";

export const STATISTICS: InvestmentStatistics = {
  as_of: "2026-04-15",
  investments: 2,
  invested: 1_500_000,
  pending: 300_000,
  outstanding_principal: 1_125_000,
  principal_received: 375_000,
  interest_received: 45_000,
  platform_fee: 4_500,
  tax_withheld: 6_750,
  insurance_premium: 0,
  late_fee_received: 0,
  expected_income: 135_000,
  past_due: { current: 0, dpd_1_30: 1_125_000, dpd_31_60: 0, dpd_61_90: 0, dpd_over_90: 0 },
  net_return_ppm: 171_298,
  tkb: [
    { name: "TKB0", basis_points: 0 },
    { name: "TKB30", basis_points: 10_000 },
    { name: "TKB60", basis_points: 10_000 },
    { name: "TKB90", basis_points: 9_887 },
  ],
  monthly: ["2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04"].map((month) => ({
    month,
    invested: month === "2026-01" ? 1_500_000 : 0,
    principal: month === "2026-03" ? 375_000 : 0,
    net_interest: month === "2026-03" ? 33_750 : 0,
  })),
};

export const SHARE: InvestmentShare = {
  id: INVESTMENT_ID,
  account_application_id: APPLICATION_ID,
  amount: 1_500_000,
  status: "settled",
  status_label: "Didanakan",
  created_at: "2026-01-27T03:00:00.000Z",
  terms: { product_key: "spl", product_name: "Pinjaman Cicilan", amount: 2_000_000, term: 4, daily_rate_ppm: 1000, risk_grade: "B", effective_on: "2026-01-31", maturity_on: "2026-05-31" },
  received: { principal: 375_000, interest: 45_000, platform_fee: 4_500, tax: 6_750, insurance_premium: 0, late_fee: 0, net: 408_750 },
  outstanding_principal: 1_125_000,
};

export const DETAIL: InvestmentDetail = {
  ...SHARE,
  schedule: [
    { number: 1, due_on: "2026-02-28", principal: 375_000, interest: 45_000, total: 420_000, status: "paid", paid_on: "2026-02-28" },
    { number: 2, due_on: "2026-03-31", principal: 375_000, interest: 45_000, total: 420_000, status: "open", paid_on: null },
  ],
  repayments: [{ business_date: "2026-02-28", principal: 375_000, interest: 45_000, platform_fee: 4_500, tax: 6_750, insurance_premium: 0, late_fee: 0, net: 408_750 }],
  insured: false,
  insurance_claim: null,
};

export const APPLICATION: InvestmentApplication = {
  id: APPLICATION_ID,
  product_key: "spl",
  product_name: "Pinjaman Cicilan",
  amount: 3_000_000,
  term: 4,
  daily_rate_ppm: 1000,
  risk_grade: "B",
  submitted_on: "2026-11-20",
  funded: 300_000,
  remaining: 2_700_000,
  purpose: "consumptive",
  approved_on: "2026-11-20",
  funding_deadline: "2026-12-04",
  borrower: { customer_id: BORROWER_ID, region: "Jawa Barat", city: "Kota Bandung", earlier_loans: 2, paid_on_time: 7, paid_late: 1 },
};

export const BORROWER: LenderBorrower = {
  ...APPLICATION.borrower,
  active_loans: 1,
  applications: [
    { id: APPLICATION_ID, product_name: "Pinjaman Cicilan", amount: 3_000_000, term: 4, daily_rate_ppm: 1000, risk_grade: "B", status: "waiting_for_investment", open_to_investment: true },
  ],
};

/** A LenderApi whose calls answer the fixtures; override any call per test. */
export function fakeLenderApi(overrides: Partial<LenderApi> = {}) {
  const api = {
    investmentAccounts: vi.fn(async () => []),
    balance: vi.fn(async () => ({ account_id: ACCOUNT_ID, currency: "IDR", available: 2_500_000, reserved: 300_000 })),
    statistics: vi.fn(async () => STATISTICS),
    investments: vi.fn(async () => ({ data: [SHARE], meta: { page: 1, per_page: 20, total: 1 } })),
    investment: vi.fn(async () => DETAIL),
    applications: vi.fn(async () => ({ data: [APPLICATION], meta: { page: 1, per_page: 20, total: 1 } })),
    application: vi.fn(async () => APPLICATION),
    invest: vi.fn(),
    borrower: vi.fn(async () => BORROWER),
    ...overrides,
  };
  return api as unknown as LenderApi & Record<keyof LenderApi, ReturnType<typeof vi.fn>>;
}

/** Renders `ui` in a router with `api` as the lender's api. */
export function renderWith(api: LenderApi, ui: ReactNode) {
  render(
    <MemoryRouter>
      <LenderApiContext.Provider value={api}>{ui}</LenderApiContext.Provider>
    </MemoryRouter>,
  );
  return api;
}
