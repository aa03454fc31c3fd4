import type { AccountDetail } from "@pinjaman/contracts/account-detail";
import type { Account, AccountApplication } from "@pinjaman/contracts/accounts";
import type { FlowProgressListItem } from "@pinjaman/contracts/flows";
import type { Invoice, NewPayment } from "@pinjaman/contracts/invoices";
import type { NewPaymentRequest, Payment } from "@pinjaman/contracts/payments";
import { apiFetch, sendApiRequest, withProgress, type ApiFetchInit } from "../shell/api-fetch.ts";

/** The borrower's loan calls (spec section 7), one function each. */

const APP = "/app_api/v1";
const account = (id: string) => `${APP}/accounts/${encodeURIComponent(id)}`;

export const LOAN_URLS = {
  accountsSearch: `${APP}/accounts/search`,
  applicationsSearch: `${APP}/account_applications/search`,
  flowProgresses: `${APP}/flow_progresses?status=in_progress`,
  invoicesSearch: (page: number) => `${APP}/invoices/search?page=${page}`,
  account,
  newPayment: (id: string) => `${account(id)}/payments/new`,
  payments: (id: string) => `${account(id)}/payments`,
  statement: (id: string) => `${account(id)}/statement`,
  cancellation: (applicationId: string) => `${APP}/account_applications/${encodeURIComponent(applicationId)}/flows/application_cancellation/flow_progresses`,
};

/** Calls `url` for a file (the PDF statement): its bytes and the file name the server gave it. */
async function fetchFile(url: string, init: ApiFetchInit): Promise<{ blob: Blob; filename: string | null }> {
  return withProgress(url, async () => {
    const response = await sendApiRequest(url, init, "application/pdf, application/json");
    const disposition = response.headers.get("content-disposition") ?? "";
    return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  });
}

type Filter = { field: string; op: string; value?: string | string[] };

export const loansApi = {
  async accounts(filters: Filter[]): Promise<Account[]> {
    return (await apiFetch<{ data: Account[] }>(LOAN_URLS.accountsSearch, { body: { filters } })).data;
  },
  async applications(): Promise<AccountApplication[]> {
    return (await apiFetch<{ data: AccountApplication[] }>(LOAN_URLS.applicationsSearch, { body: { filters: [] } })).data;
  },
  async flowProgresses(): Promise<FlowProgressListItem[]> {
    return (await apiFetch<{ data: FlowProgressListItem[] }>(LOAN_URLS.flowProgresses)).data;
  },
  async account(id: string): Promise<AccountDetail> {
    return (await apiFetch<{ data: AccountDetail }>(LOAN_URLS.account(id))).data;
  },
  async invoices(applicationId: string, page: number): Promise<{ data: Invoice[]; meta: { page: number; per_page: number; total: number } }> {
    return apiFetch(LOAN_URLS.invoicesSearch(page), { body: { filters: [{ field: "account_application_id", op: "equals", value: applicationId }] } });
  },
  async newPayment(id: string): Promise<NewPayment> {
    return (await apiFetch<{ data: NewPayment }>(LOAN_URLS.newPayment(id))).data;
  },
  async pay(id: string, data: NewPaymentRequest): Promise<Payment> {
    return (await apiFetch<{ data: Payment }>(LOAN_URLS.payments(id), { body: { data } })).data;
  },
  statement(id: string) {
    return fetchFile(LOAN_URLS.statement(id), { body: { data: {} } });
  },
  /** Starts the application_cancellation flow on the application: the new progress's id. */
  async startCancellation(applicationId: string): Promise<string> {
    return (await apiFetch<{ data: { id: string } }>(LOAN_URLS.cancellation(applicationId), { body: { data: {} } })).data.id;
  },
};

export type LoansApi = typeof loansApi;
