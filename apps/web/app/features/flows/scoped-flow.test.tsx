import type { FlowProgressNew, FlowProgressView, FlowStep } from "@pinjaman/contracts/flows";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeField } from "../../fields/field-test-kit.tsx";
import type { FlowApi } from "./flow-api.ts";
import { rememberedProgress } from "./flow-memory.ts";
import { FlowView } from "./flow-view.tsx";
import { useFlow } from "./use-flow.ts";

const ACCOUNT = "3c0d1e2f-3a4b-4c5d-8e6f-708192a3b4c5";
const ID = "0b4c8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

const calculator: FlowStep = {
  key: "calculator",
  template: "calculator",
  title: "Jumlah pinjaman baru",
  description: null,
  fields: [makeField("text", { key: "note", label: "Catatan" })],
  movements: [{ id: "next", label: "Lanjutkan", direction: "forward" }],
  actions: [],
  // No product key: the calculator asks the server for no schedule here.
  data: { refinancing_payoff: 1_512_300 },
};
const bank: FlowStep = { ...calculator, key: "bank", template: "form", title: "Rekening bank", data: null };
const flow = { key: "refinancing", name: "Refinancing Pinjaman", audience: "account" as const, product_key: null };
const preview: FlowProgressNew = { flow_version_id: "v1", flow, steps_count: 5, step: calculator };
const view = (step: FlowStep): FlowProgressView => ({ id: ID, flow_version_id: "v1", flow, status: "in_progress", step_index: 1, steps_count: 5, step, expires_at: "2026-11-26T00:00:00.000Z", completed_redirect: null });

function Harness({ api }: { api: FlowApi }) {
  const controller = useFlow({ flowKey: "refinancing", audience: "customer", scope: { accountId: ACCOUNT }, api, authenticationId: "a1", onSession: async () => {} });
  return <FlowView flow={controller} customerId="c1" affiliate="" />;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe("a loan-account flow on /flows/{key}?account_id=", () => {
  it("starts on the account, shows the old loan's payoff, and remembers the progress for that account", async () => {
    const api: FlowApi = {
      preview: vi.fn(async () => preview),
      create: vi.fn(async () => view(calculator)),
      edit: vi.fn(async () => view(calculator)),
      save: vi.fn(async () => view(calculator)),
      move: vi.fn(async () => ({ data: view(bank) })),
      action: vi.fn(async () => view(calculator)),
    };
    const Stub = createRoutesStub([{ path: "/", Component: () => <Harness api={api} /> }]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByText("Pelunasan pinjaman lama")).toBeTruthy();
    expect(screen.getByTestId("flow-payoff").textContent).toBe("Rp 1.512.300");
    expect(api.preview).toHaveBeenCalledWith("refinancing", "customer", { accountId: ACCOUNT, accountApplicationId: undefined });
    fireEvent.click(screen.getByRole("button", { name: "Lanjutkan" }));
    await screen.findByRole("heading", { name: "Rekening bank" });
    expect(api.create).toHaveBeenCalledWith("refinancing", "customer", expect.any(Object), "v1", { accountId: ACCOUNT, accountApplicationId: undefined });
    await waitFor(() => expect(rememberedProgress(`refinancing@account:${ACCOUNT}`, "a1")).toBe(ID));
    expect(rememberedProgress("refinancing", "a1")).toBeNull();
  });
});
