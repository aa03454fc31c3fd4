import type { LeadProgressResponse, PayPurchaseResponse, PurchaseDetail } from "@pinjaman/contracts/partners";
import { ApiError, apiFetch } from "../shell/api-fetch.ts";

export const purchaseUrl = (id: string) => `/pub_api/v1/open/purchases/${encodeURIComponent(id)}`;
export const purchasePaymentUrl = (id: string) => `/app_api/v1/purchases/${encodeURIComponent(id)}/payments`;
export const leadProgressUrl = (id: string) => `/app_api/v1/leads/${encodeURIComponent(id)}/flow_progress`;

/** The purchase, or "not_found" for an unknown id (the page then goes to /purchase/invalid). */
export async function loadPurchase(id: string): Promise<PurchaseDetail | "not_found"> {
  try {
    return (await apiFetch<{ data: PurchaseDetail }>(purchaseUrl(id))).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return "not_found";
    throw error;
  }
}

export async function payPurchase(id: string): Promise<PayPurchaseResponse["data"]> {
  return (await apiFetch<PayPurchaseResponse>(purchasePaymentUrl(id), { method: "POST", body: { data: { agree: true } } })).data;
}

/** The lead's flow progress to continue (created and prefilled by the server on the first visit). */
export async function openLead(id: string): Promise<LeadProgressResponse["data"]> {
  return (await apiFetch<LeadProgressResponse>(leadProgressUrl(id), { method: "POST" })).data;
}

/** Which failure page a refusal of the lead leads to (spec section 2: /leads/authError, /leads/errors, /leads/invalid). */
export function leadFailurePath(status: number | null): string {
  if (status === 404 || status === 410 || status === 400) return "/leads/invalid";
  if (status === 403 || status === 401) return "/leads/authError";
  return "/leads/errors";
}
