import type { NewLoanFlow } from "@pinjaman/contracts/new-loan-flow";
import { apiFetch } from "../shell/api-fetch.ts";

/** GET new_loan_flow: the flow a signed-in customer applies through instead of `registrationFlowKey` (decision 0018). */
export async function fetchNewLoanFlow(registrationFlowKey: string): Promise<NewLoanFlow> {
  const query = new URLSearchParams({ flow_key: registrationFlowKey }).toString();
  return (await apiFetch<{ data: NewLoanFlow }>(`/app_api/v1/new_loan_flow?${query}`)).data;
}
