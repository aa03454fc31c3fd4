import type { InvestmentDetail, InvestmentShare, InvestmentStatistics, LenderBorrower } from "@pinjaman/contracts/investment-reads";
import type { InvestmentApplication } from "@pinjaman/contracts/investments";
import type { InvestmentAccountBalance } from "@pinjaman/contracts/ledger";
import type { Account } from "@pinjaman/contracts/accounts";
import { createContext, useContext } from "react";
import { apiFetch } from "../shell/api-fetch.ts";

/** The lender's calls (spec section 7 "Investments"), one function each. */

const APP = "/app_api/v1";
const account = (id: string) => `${APP}/accounts/${encodeURIComponent(id)}`;

export type Page<T> = { data: T[]; meta: { page: number; per_page: number; total: number } };
export type ApplicationSort = "deadline" | "newest" | "rate" | "remaining";
export type InvestResult = { investment: { id: string; amount: number; status: InvestmentShare["status"] }; funding: { amount: number; funded: number; remaining: number }; replayed: boolean };

export const LENDER_URLS = {
  accountsSearch: `${APP}/accounts/search`,
  balance: (id: string) => `${account(id)}/balance`,
  statistics: (id: string) => `${account(id)}/investments/statistics`,
  investments: (id: string, page: number) => `${account(id)}/investments/search?page=${page}`,
  investment: (id: string, investmentId: string) => `${account(id)}/investments/${encodeURIComponent(investmentId)}`,
  invest: (id: string) => `${account(id)}/investments`,
  applications: (id: string, page: number, sort: ApplicationSort) => `${account(id)}/investment_applications/search?page=${page}&sort=${sort}`,
  application: (id: string, applicationId: string) => `${account(id)}/investment_applications/${encodeURIComponent(applicationId)}`,
  borrower: (id: string, customerId: string) => `${account(id)}/borrowers/${encodeURIComponent(customerId)}`,
};

export const lenderApi = {
  async investmentAccounts(): Promise<Account[]> {
    return (await apiFetch<{ data: Account[] }>(LENDER_URLS.accountsSearch, { body: { filters: [{ field: "type_key", op: "equals", value: "investment" }] } })).data;
  },
  async balance(id: string): Promise<InvestmentAccountBalance> {
    return (await apiFetch<{ data: InvestmentAccountBalance }>(LENDER_URLS.balance(id))).data;
  },
  async statistics(id: string): Promise<InvestmentStatistics> {
    return (await apiFetch<{ data: InvestmentStatistics }>(LENDER_URLS.statistics(id))).data;
  },
  investments(id: string, page: number): Promise<Page<InvestmentShare>> {
    return apiFetch(LENDER_URLS.investments(id, page), { body: { filters: [] } });
  },
  async investment(id: string, investmentId: string): Promise<InvestmentDetail> {
    return (await apiFetch<{ data: InvestmentDetail }>(LENDER_URLS.investment(id, investmentId))).data;
  },
  applications(id: string, page: number, sort: ApplicationSort): Promise<Page<InvestmentApplication>> {
    return apiFetch(LENDER_URLS.applications(id, page, sort), { body: { filters: [] } });
  },
  async application(id: string, applicationId: string): Promise<InvestmentApplication> {
    return (await apiFetch<{ data: InvestmentApplication }>(LENDER_URLS.application(id, applicationId))).data;
  },
  async invest(id: string, data: { account_application_id: string; amount: number; idempotency_key: string }): Promise<InvestResult> {
    return (await apiFetch<{ data: InvestResult }>(LENDER_URLS.invest(id), { body: { data } })).data;
  },
  async borrower(id: string, customerId: string): Promise<LenderBorrower> {
    return (await apiFetch<{ data: LenderBorrower }>(LENDER_URLS.borrower(id, customerId))).data;
  },
};

export type LenderApi = typeof lenderApi;

/** The api the lender's components call: the real one, or a test's fake given by a provider. */
export const LenderApiContext = createContext<LenderApi>(lenderApi);
export const useLenderApi = () => useContext(LenderApiContext);

export const accountPath = (accountId: string) => `/investment-accounts/${accountId}`;
export const applicationPath = (accountId: string, applicationId: string) => `${accountPath(accountId)}/applications/${applicationId}`;
export const investmentPath = (accountId: string, investmentId: string) => `${accountPath(accountId)}/investments/${investmentId}`;
export const borrowerPath = (accountId: string, customerId: string) => `${accountPath(accountId)}/customer/${customerId}`;
