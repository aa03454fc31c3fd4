import type {
  CustomerBlockResponse,
  CustomerDetail,
  CustomerSummary,
  SendNoticeResponse,
} from "@pinjaman/contracts/customer-care";
import type { PersonalDataExport } from "@pinjaman/contracts/personal-data";
import { apiFetch } from "../../shell/api-fetch.ts";

const BASE = "/app_api/v1/staff/customers";

export const customersApi = {
  search: (q: string) => apiFetch<{ data: CustomerSummary[] }>(`${BASE}/search?q=${encodeURIComponent(q)}`).then((r) => r.data),
  detail: (id: string) => apiFetch<{ data: CustomerDetail }>(`${BASE}/${encodeURIComponent(id)}`).then((r) => r.data),
  block: (id: string, kind: "block" | "unblock", reason: string) =>
    apiFetch<CustomerBlockResponse>(`${BASE}/${encodeURIComponent(id)}/${kind}`, { method: "POST", body: { data: { reason } } }).then((r) => r.data),
  sendNotice: (id: string, title: string, body: string) =>
    apiFetch<SendNoticeResponse>(`${BASE}/${encodeURIComponent(id)}/notices`, { method: "POST", body: { data: { title, body } } }).then((r) => r.data),
  personalData: (id: string) => apiFetch<PersonalDataExport>(`${BASE}/${encodeURIComponent(id)}/personal_data`),
};

/** Hands a JSON document to the browser as a file download. */
export function saveJson(data: unknown, filename: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
