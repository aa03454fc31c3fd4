import type { FlowMoveResponse, FlowProgressNew, FlowProgressView, FlowValues } from "@pinjaman/contracts/flows";
import { apiFetch } from "../shell/api-fetch.ts";

/** The engine's calls (spec section 7). Public flows start under pub_api; a progress lives under app_api. */
const APP = "/app_api/v1";
const PUB = "/pub_api/v1/open";

const progressUrl = (id: string) => `${APP}/flow_progresses/${encodeURIComponent(id)}`;

/** The account (loan-account flows) or application (application flows) a flow runs on (spec section 7). */
export type FlowScope = { accountId?: string; accountApplicationId?: string };

/** Where a flow starts: pub_api or app_api, or under the account or application it runs on. */
function startUrl(flowKey: string, audience: "public" | "customer", scope?: FlowScope | null): string {
  const flow = `flows/${encodeURIComponent(flowKey)}/flow_progresses`;
  if (scope?.accountId) return `${APP}/accounts/${encodeURIComponent(scope.accountId)}/${flow}`;
  if (scope?.accountApplicationId) return `${APP}/account_applications/${encodeURIComponent(scope.accountApplicationId)}/${flow}`;
  return `${audience === "public" ? PUB : APP}/${flow}`;
}

/** The key a flow's progress is remembered under (flow-memory.ts): per account or application for a scoped flow. */
export function progressMemoryKey(flowKey: string, scope?: FlowScope | null): string {
  if (scope?.accountId) return `${flowKey}@account:${scope.accountId}`;
  if (scope?.accountApplicationId) return `${flowKey}@application:${scope.accountApplicationId}`;
  return flowKey;
}

export const flowApi = {
  /** Step one of a flow before anything is stored. */
  async preview(flowKey: string, audience: "public" | "customer", scope?: FlowScope | null): Promise<FlowProgressNew> {
    // An application flow's step one is its `preview` (spec section 7); every other flow's is `new`.
    const last = scope?.accountApplicationId && !scope.accountId ? "preview" : "new";
    return (await apiFetch<{ data: FlowProgressNew }>(`${startUrl(flowKey, audience, scope)}/${last}`)).data;
  },
  async create(flowKey: string, audience: "public" | "customer", values: FlowValues, flowVersionId: string, scope?: FlowScope | null): Promise<FlowProgressView> {
    const body = { data: { values, flow_version_id: flowVersionId } };
    return (await apiFetch<{ data: FlowProgressView }>(startUrl(flowKey, audience, scope), { method: "POST", body })).data;
  },
  async edit(id: string): Promise<FlowProgressView> {
    return (await apiFetch<{ data: FlowProgressView }>(`${progressUrl(id)}/edit`)).data;
  },
  async save(id: string, values: FlowValues, keepalive = false): Promise<FlowProgressView> {
    return (await apiFetch<{ data: FlowProgressView }>(progressUrl(id), { method: "PATCH", body: { data: { values } }, keepalive })).data;
  },
  move(id: string, movementId: string, values: FlowValues, fromStep: string): Promise<FlowMoveResponse> {
    return apiFetch<FlowMoveResponse>(`${progressUrl(id)}/move/${encodeURIComponent(movementId)}`, {
      method: "PATCH",
      body: { data: { values, from_step: fromStep } },
    });
  },
  async action(id: string, action: string): Promise<FlowProgressView> {
    return (await apiFetch<{ data: FlowProgressView }>(`${progressUrl(id)}/actions`, { method: "POST", body: { data: { action } } })).data;
  },
};

export type FlowApi = typeof flowApi;
