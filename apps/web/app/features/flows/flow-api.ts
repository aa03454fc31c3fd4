import type { FlowMoveResponse, FlowProgressNew, FlowProgressView, FlowValues } from "@pinjaman/contracts/flows";
import { apiFetch } from "../shell/api-fetch.ts";

/** The engine's calls (spec section 7). Public flows start under pub_api; a progress lives under app_api. */
const APP = "/app_api/v1";
const PUB = "/pub_api/v1/open";

const progressUrl = (id: string) => `${APP}/flow_progresses/${encodeURIComponent(id)}`;

export const flowApi = {
  /** Step one of a flow before anything is stored. */
  async preview(flowKey: string, audience: "public" | "customer"): Promise<FlowProgressNew> {
    const base = audience === "public" ? PUB : APP;
    return (await apiFetch<{ data: FlowProgressNew }>(`${base}/flows/${encodeURIComponent(flowKey)}/flow_progresses/new`)).data;
  },
  async create(flowKey: string, audience: "public" | "customer", values: FlowValues, flowVersionId: string): Promise<FlowProgressView> {
    const base = audience === "public" ? PUB : APP;
    const body = { data: { values, flow_version_id: flowVersionId } };
    return (await apiFetch<{ data: FlowProgressView }>(`${base}/flows/${encodeURIComponent(flowKey)}/flow_progresses`, { method: "POST", body })).data;
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
