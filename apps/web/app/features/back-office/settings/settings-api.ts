import type {
  ApiKeysResponse,
  AuditLogResponse,
  BackOfficeProduct,
  CompanySettingsDto,
  CreatedApiKeyResponse,
  ProductPricingValues,
  TkbHistoryResponse,
} from "@pinjaman/contracts/back-office-settings";
import { apiFetch } from "../../shell/api-fetch.ts";

const base = "/app_api/v1/staff";

/** The back-office settings calls (issue 10 §1); pages take it as a prop so tests pass a fake. */
export const settingsApi = {
  async products(): Promise<BackOfficeProduct[]> {
    return (await apiFetch<{ data: BackOfficeProduct[] }>(`${base}/products`))
      .data;
  },
  async changePricing(
    key: string,
    values: ProductPricingValues,
    reason: string,
  ): Promise<BackOfficeProduct> {
    return (
      await apiFetch<{ data: BackOfficeProduct }>(
        `${base}/products/${encodeURIComponent(key)}/pricing`,
        { body: { data: { ...values, reason } } },
      )
    ).data;
  },
  async companySettings(): Promise<CompanySettingsDto> {
    return (
      await apiFetch<{ data: CompanySettingsDto }>(`${base}/company_settings`)
    ).data;
  },
  async saveCompanySettings(
    settings: CompanySettingsDto,
    reason: string,
  ): Promise<CompanySettingsDto> {
    return (
      await apiFetch<{ data: CompanySettingsDto }>(`${base}/company_settings`, {
        method: "PUT",
        body: { data: { ...settings, reason } },
      })
    ).data;
  },
  async apiKeys(): Promise<ApiKeysResponse["data"]> {
    return (await apiFetch<ApiKeysResponse>(`${base}/api_keys`)).data;
  },
  async createApiKey(
    name: string,
    scopes: string[],
  ): Promise<CreatedApiKeyResponse["data"]> {
    return (
      await apiFetch<CreatedApiKeyResponse>(`${base}/api_keys`, {
        body: { data: { name, scopes } },
      })
    ).data;
  },
  async revokeApiKey(id: string, reason: string): Promise<void> {
    await apiFetch(`${base}/api_keys/${encodeURIComponent(id)}/revoke`, {
      body: { data: { reason } },
    });
  },
  async tkbHistory(page: number): Promise<TkbHistoryResponse> {
    return apiFetch<TkbHistoryResponse>(`${base}/tkb_snapshots?page=${page}`);
  },
  async takeTkbSnapshot(): Promise<void> {
    await apiFetch(`/app_api/v1/tkb_snapshots`, { body: { data: {} } });
  },
  async auditLog(query: Record<string, string>): Promise<AuditLogResponse> {
    const params = new URLSearchParams(
      Object.entries(query).filter(([, v]) => v !== ""),
    );
    return apiFetch<AuditLogResponse>(`${base}/audit_log?${params.toString()}`);
  },
};

export type SettingsApi = typeof settingsApi;
