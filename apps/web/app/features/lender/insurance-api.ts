import type { InsuranceChoiceFlowKey, InsuranceChoiceValues, InsuranceSettingField } from "@pinjaman/contracts/insurance";
import { apiFetch } from "../shell/api-fetch.ts";

const FLOW: InsuranceChoiceFlowKey = "insurance_choice_lender_account";
const flow = (accountId: string) => `/app_api/v1/accounts/${encodeURIComponent(accountId)}/flows/${FLOW}/flow_progresses`;

/** The investment account's automatic insurance, read and changed through its flow (spec section 7). */
export const insuranceApi = {
  /** The setting: step one's first field's current_value. */
  async setting(accountId: string): Promise<boolean> {
    const { data } = await apiFetch<{ data: { step: { fields: InsuranceSettingField[] } } }>(`${flow(accountId)}/new`);
    return data.step.fields[0]?.current_value === true;
  },
  /** Starts the flow and moves it to its end with the choice: the server stores it on completion. */
  async change(accountId: string, on: boolean): Promise<void> {
    const { data } = await apiFetch<{ data: { id: string } }>(flow(accountId), { body: { data: {} } });
    const values: InsuranceChoiceValues = { automatic_insurance_investor: on };
    await apiFetch(`/app_api/v1/flow_progresses/${encodeURIComponent(data.id)}/move/next`, { method: "PATCH", body: { data: { values } } });
  },
};

export type InsuranceApi = typeof insuranceApi;
