import type { BorrowerFlows } from "@pinjaman/contracts/borrower-flows";
import { apiFetch } from "../shell/api-fetch.ts";

export const BORROWER_FLOWS_URL = "/app_api/v1/borrower_flows";

/** GET borrower_flows: the returning-customer flows the signed-in customer is offered (decision "borrower flow offers"). */
export const offersApi = {
  async offers(): Promise<BorrowerFlows> {
    return (await apiFetch<{ data: BorrowerFlows }>(BORROWER_FLOWS_URL)).data;
  },
};

export type OffersApi = typeof offersApi;
