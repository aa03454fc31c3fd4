import type { CollectionCase, CollectionsResponse } from "@pinjaman/contracts/collections";
import type { LoanChangeRequest } from "@pinjaman/contracts/loan-changes";
import type { ApprovalRequest, WriteOffPreview } from "@pinjaman/contracts/staff-approvals";
import { apiFetch } from "../../shell/api-fetch.ts";

const STAFF = "/app_api/v1/staff";
const id = encodeURIComponent;

export type ApprovalKind = "write_off" | "ledger_adjustment";
export type Decision = { outcome: "approve" | "reject"; reason: string };
export type StaffLedgerAccount = { id: string; kind: string; account_id: string | null; customer_id: string | null; investment_id: string | null; balance: number };

/** The back office's collections, maker-checker and loan-change calls (decision 0027). */
export const backOfficeLoansApi = {
  /** One page (25 loans) of a bucket's late loans, or of all of them when `bucket` is null. */
  async lateLoans(bucket: string | null, page: number): Promise<CollectionsResponse> {
    const query = new URLSearchParams({ page: String(page) });
    if (bucket) query.set("bucket", bucket);
    return apiFetch<CollectionsResponse>(`${STAFF}/collections?${query}`);
  },
  async collectionCase(accountId: string): Promise<CollectionCase> {
    return (await apiFetch<{ data: CollectionCase }>(`${STAFF}/collection_cases/${id(accountId)}`)).data;
  },
  async addContact(accountId: string, body: { channel: string; outcome: string; note: string }): Promise<void> {
    await apiFetch(`${STAFF}/collections/${id(accountId)}/contacts`, { body });
  },
  async addPromise(accountId: string, body: { promised_on: string; amount: number; note: string }): Promise<void> {
    await apiFetch(`${STAFF}/collections/${id(accountId)}/promises`, { body });
  },
  async approvalRequests(kind: ApprovalKind): Promise<ApprovalRequest[]> {
    return (await apiFetch<{ data: ApprovalRequest[] }>(`${STAFF}/${kind}_requests`)).data;
  },
  /** What a write-off of the loan would take off today (refused as the request would be). */
  async writeOffPreview(accountId: string): Promise<WriteOffPreview> {
    return (await apiFetch<{ data: WriteOffPreview }>(`${STAFF}/loans/${id(accountId)}/write_off_preview`)).data;
  },
  async requestWriteOff(body: { account_id: string; reason: string }): Promise<void> {
    await apiFetch(`${STAFF}/write_off_requests`, { body });
  },
  async requestAdjustment(body: { debit_ledger_account_id: string; credit_ledger_account_id: string; amount: number; reason: string }): Promise<void> {
    await apiFetch(`${STAFF}/ledger_adjustment_requests`, { body });
  },
  async ledgerAccounts(accountId: string | null): Promise<StaffLedgerAccount[]> {
    return (await apiFetch<{ data: StaffLedgerAccount[] }>(`${STAFF}/ledger_accounts${accountId ? `?account_id=${id(accountId)}` : ""}`)).data;
  },
  async decideApproval(kind: ApprovalKind, requestId: string, decision: Decision): Promise<void> {
    await apiFetch(`${STAFF}/${kind}_requests/${id(requestId)}/decision`, { body: decision });
  },
  async loanChanges(): Promise<LoanChangeRequest[]> {
    return (await apiFetch<{ data: LoanChangeRequest[] }>(`${STAFF}/loan_change_requests`)).data;
  },
  async decideLoanChange(requestId: string, decision: Decision): Promise<void> {
    await apiFetch(`${STAFF}/loan_change_requests/${id(requestId)}/decision`, { body: decision });
  },
  /** The second staff member's decision on a loan change that moves lenders' money. */
  async decideLoanChangeApproval(approvalId: string, decision: Decision): Promise<void> {
    await apiFetch(`${STAFF}/loan_change_approvals/${id(approvalId)}/decision`, { body: decision });
  },
};

export type BackOfficeLoansApi = typeof backOfficeLoansApi;
