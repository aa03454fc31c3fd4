import type { DefaultOfferScheduleResponse, OfferSchedule } from "@pinjaman/contracts/offers";
import { ApiError, apiFetch } from "../shell/api-fetch.ts";

export type ScheduleResult =
  | { ok: true; schedule: OfferSchedule }
  | { ok: false; status: number; message: string; fields: Record<string, string[]> };

export function scheduleUrl(productKey: string): string {
  return `/pub_api/v1/open/products/${encodeURIComponent(productKey)}/default_offer/schedule`;
}

/**
 * POST pub_api/v1/open/products/{productKey}/default_offer/schedule (a public call: apiFetch
 * shows no progress indicator for it). 400 (bad input) and 422 (refused by the OJK guard) come
 * back as messages per field; an abort rejects as fetch does.
 */
export async function fetchOfferSchedule(
  productKey: string,
  loan: { amount: number; term: number },
  signal?: AbortSignal,
): Promise<ScheduleResult> {
  try {
    const body = await apiFetch<DefaultOfferScheduleResponse>(scheduleUrl(productKey), {
      method: "POST",
      body: { data: { amount: loan.amount, term: loan.term } },
      signal,
    });
    return { ok: true, schedule: body.data };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: error.status, message: error.message, fields: error.fields };
    throw error;
  }
}
