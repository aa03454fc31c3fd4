import type {
  DisbursalQueueItem,
  LoanCandidate,
  ParkedPayment,
  PaymentRefundRequest,
  ReviewDetail,
  ReviewQueueItem,
} from "@pinjaman/contracts/back-office-queues";
import type { AccountApplication } from "@pinjaman/contracts/accounts";
import { apiFetch } from "../../shell/api-fetch.ts";

/** The operator console's money queues (decision 0033), one function per call. */

const APP = "/app_api/v1";
const BO = `${APP}/back_office`;
const enc = encodeURIComponent;

export const QUEUE_URLS = {
  reviewList: (status: string, page: number) => `${BO}/applications/search?status=${enc(status)}&page=${page}`,
  reviewDetail: (id: string) => `${BO}/applications/${enc(id)}`,
  decision: (id: string) => `${APP}/account_applications/${enc(id)}/decision`,
  disbursals: `${BO}/disbursals`,
  retry: (id: string) => `${BO}/disbursals/${enc(id)}/retry`,
  parked: (state: "open" | "done") => `${BO}/parked_payments?state=${state}`,
  loanSearch: (q: string) => `${BO}/loans/search?q=${enc(q)}`,
  match: (id: string) => `${BO}/parked_payments/${enc(id)}/match`,
  refund: (id: string) => `${BO}/parked_payments/${enc(id)}/refund`,
};

export type ReviewPage = { data: ReviewQueueItem[]; meta: { page: number; per_page: number; total: number } };
export type RetryOutcome = "succeeded" | "retry_later" | "failed" | "not_due";

export const queuesApi = {
  reviewList(status: string, page: number): Promise<ReviewPage> {
    return apiFetch<ReviewPage>(QUEUE_URLS.reviewList(status, page));
  },
  async reviewDetail(id: string): Promise<ReviewDetail> {
    return (await apiFetch<{ data: ReviewDetail }>(QUEUE_URLS.reviewDetail(id))).data;
  },
  async decide(id: string, outcome: "approve" | "reject", reason: string): Promise<AccountApplication> {
    return (await apiFetch<{ data: AccountApplication }>(QUEUE_URLS.decision(id), { body: { outcome, reason } })).data;
  },
  async disbursals(): Promise<DisbursalQueueItem[]> {
    return (await apiFetch<{ data: DisbursalQueueItem[] }>(QUEUE_URLS.disbursals)).data;
  },
  async retry(id: string, reason: string): Promise<{ outcome: RetryOutcome; item: DisbursalQueueItem }> {
    return (await apiFetch<{ data: { outcome: RetryOutcome; item: DisbursalQueueItem } }>(QUEUE_URLS.retry(id), { body: { reason } })).data;
  },
  async parked(state: "open" | "done"): Promise<ParkedPayment[]> {
    return (await apiFetch<{ data: ParkedPayment[] }>(QUEUE_URLS.parked(state))).data;
  },
  async searchLoans(q: string): Promise<LoanCandidate[]> {
    return (await apiFetch<{ data: LoanCandidate[] }>(QUEUE_URLS.loanSearch(q))).data;
  },
  async match(id: string, accountId: string, reason: string): Promise<{ payment: ParkedPayment; replayed: boolean }> {
    return (await apiFetch<{ data: { payment: ParkedPayment; replayed: boolean } }>(QUEUE_URLS.match(id), { body: { account_id: accountId, reason } })).data;
  },
  async refund(id: string, body: PaymentRefundRequest): Promise<{ payment: ParkedPayment; replayed: boolean }> {
    return (await apiFetch<{ data: { payment: ParkedPayment; replayed: boolean } }>(QUEUE_URLS.refund(id), { body })).data;
  },
};

export type QueuesApi = typeof queuesApi;
