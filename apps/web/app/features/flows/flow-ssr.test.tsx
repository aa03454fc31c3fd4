import type { FlowProgressNew, FlowProgressView, FlowStep } from "@pinjaman/contracts/flows";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeField } from "../../fields/field-test-kit.tsx";
import type { FlowApi } from "./flow-api.ts";
import { rememberedProgress, rememberProgress } from "./flow-memory.ts";
import { FlowView } from "./flow-view.tsx";
import { useFlow, type UseFlowOptions } from "./use-flow.ts";

const ID = "5f0c7e51-2b7a-4c1e-9d3f-6a8b9c0d1e2f";

/** Step one of spl_onboarding as the engine renders it (two sliders, the calculator template). */
const calculator: FlowStep = {
  key: "calculator",
  template: "calculator",
  title: "Pilih jumlah dan tenor pinjaman",
  description: "Geser untuk menentukan jumlah pinjaman dan lama cicilan.",
  fields: [
    makeField("slider", { key: "amount", label: "Jumlah pinjaman", rangeValues: [500_000, 1_000_000, 1_500_000], current_value: 500_000, config: { unit: "rupiah" } }),
    makeField("slider", { key: "term", label: "Tenor", rangeValues: [1, 2, 3], current_value: 2, config: { unit: "bulan" } }),
  ],
  movements: [{ id: "next", label: "Lanjutkan", direction: "forward" }],
  actions: [],
  data: { product_key: "spl" },
};
const accountStep: FlowStep = { ...calculator, key: "account", template: "form", title: "Buat akun", fields: [makeField("email", { key: "email", label: "E-mail" })], data: null };

const flow = { key: "spl_onboarding", name: "Pengajuan", audience: "public" as const, product_key: "spl" };
const preview: FlowProgressNew = { flow_version_id: "v1", flow, steps_count: 11, step: calculator };
const resumed: FlowProgressView = {
  id: ID,
  flow_version_id: "v1",
  flow,
  status: "in_progress",
  step_index: 1,
  steps_count: 11,
  step: accountStep,
  expires_at: "2026-11-25T00:00:00.000Z",
  completed_redirect: null,
};

function fakeApi(): FlowApi {
  return {
    preview: vi.fn(async () => preview),
    create: vi.fn(async () => resumed),
    edit: vi.fn(async () => resumed),
    save: vi.fn(async () => resumed),
    move: vi.fn(async () => ({ data: resumed })),
    action: vi.fn(async () => resumed),
  };
}

type HarnessProps = Partial<UseFlowOptions> & { api: FlowApi };

function Harness(props: HarnessProps) {
  const flowState = useFlow({ flowKey: "spl_onboarding", audience: "public", authenticationId: null, onSession: async () => {}, initialPreview: preview, ...props });
  return <FlowView flow={flowState} customerId={null} affiliate="" />;
}

/** Renders on the "server", puts the HTML in the page, then hydrates it as the browser does. */
async function serverThenHydrate(props: HarnessProps) {
  const html = renderToString(<Harness {...props} />);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const serverForm = container.querySelector("form");
  const recoverable = vi.fn();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Harness {...props} />, { onRecoverableError: recoverable });
  });
  const rerender = (next: HarnessProps) => act(async () => root?.render(<Harness {...next} />));
  return { html, container, serverForm, recoverable, rerender, unmount: () => act(() => root?.unmount()) };
}

describe("a flow's first step rendered by the server", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error");
    // The calculator template prices the loan once running: answer it, never the network.
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: { code: "x", message: "tidak tersedia" } }), { status: 503 })));
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = "";
    window.localStorage.clear();
    vi.unstubAllGlobals();
    consoleError.mockRestore();
  });

  it("is in the server HTML: title, step count, each field under its exact label with its value, the movement", () => {
    const api = fakeApi();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Harness api={api} />);
    expect(container.querySelector("h1")?.textContent).toBe("Pilih jumlah dan tenor pinjaman");
    expect(container.querySelector(".flow__progress")?.textContent).toBe("Langkah 1 dari 11");
    const labels = [...container.querySelectorAll("label")].map((label) => label.textContent);
    expect(labels).toEqual(["Jumlah pinjaman", "Tenor"]);
    const amount = container.querySelector(`[id="${container.querySelector("label")?.htmlFor}"]`);
    expect(amount?.tagName).toBe("SELECT");
    expect(amount?.querySelector("option[selected]")?.textContent).toBe("Rp 500.000");
    expect(container.querySelector("button[type=submit]")?.textContent).toBe("Lanjutkan");
    expect(container.querySelector("[role=status]")).toBeNull();
    expect(api.preview).not.toHaveBeenCalled();
  });

  it("without a step from the server renders the loading box, as before", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Harness api={fakeApi()} initialPreview={null} />);
    expect(container.querySelector("[role=status]")?.textContent).toBe("Memuat ...");
    expect(container.querySelector("form")).toBeNull();
  });

  it("hydrates without a mismatch, keeps the server's nodes and calls nothing until the first action", async () => {
    const api = fakeApi();
    const { container, serverForm, recoverable, unmount } = await serverThenHydrate({ api });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector("form")).toBe(serverForm);
    expect(screen.getByLabelText("Jumlah pinjaman")).toHaveProperty("value", "500000");
    expect(api.preview).not.toHaveBeenCalled();
    expect(api.edit).not.toHaveBeenCalled();
    await act(async () => screen.getByRole("button", { name: "Lanjutkan" }).click());
    expect(api.create).toHaveBeenCalledWith("spl_onboarding", "public", { amount: 500_000, term: 2 }, "v1");
    await unmount();
  });

  it("keeps what a person typed before the page hydrated (a slow phone): the first action sends it", async () => {
    const api = fakeApi();
    const firstStep = { ...preview, step: { ...accountStep, fields: [makeField("email", { key: "email", label: "E-mail" }), makeField("text", { key: "full_name", label: "Nama" })] } };
    const html = renderToString(<Harness api={api} initialPreview={firstStep} />);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    // Typed into the server's inputs while the scripts were still on their way.
    (container.querySelector("input[name=email]") as HTMLInputElement).value = "sari@contoh.co.id";
    await act(async () => {
      hydrateRoot(container, <Harness api={api} initialPreview={firstStep} />);
    });
    expect(screen.getByLabelText("E-mail")).toHaveProperty("value", "sari@contoh.co.id");
    await act(async () => screen.getByRole("button", { name: "Lanjutkan" }).click());
    expect(api.create).toHaveBeenCalledWith("spl_onboarding", "public", { email: "sari@contoh.co.id", full_name: null }, "v1");
  });

  it("resumes a remembered progress once hydrated", async () => {
    rememberProgress("spl_onboarding", null, ID);
    const api = fakeApi();
    const { recoverable, unmount } = await serverThenHydrate({ api });
    expect(recoverable).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Buat akun"));
    expect(api.edit).toHaveBeenCalledWith(ID);
    await unmount();
  });

  it("starting afresh (sign-up's ?flow=) drops the remembered progress and keeps the server's step", async () => {
    rememberProgress("spl_onboarding", null, ID);
    const api = fakeApi();
    const { container, serverForm, unmount } = await serverThenHydrate({ api, startAfresh: true });
    expect(rememberedProgress("spl_onboarding", null)).toBeNull();
    expect(api.edit).not.toHaveBeenCalled();
    expect(container.querySelector("form")).toBe(serverForm);
    await unmount();
  });

  it("reads the remembered progress only once the session is known, under its key", async () => {
    rememberProgress("spl_onboarding", null, "0b4c8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b");
    rememberProgress("spl_onboarding", "auth-1", ID);
    const api = fakeApi();
    const { rerender, unmount } = await serverThenHydrate({ api, sessionKnown: false });
    expect(api.edit).not.toHaveBeenCalled();
    await rerender({ api, sessionKnown: true, authenticationId: "auth-1" });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Buat akun"));
    expect(api.edit).toHaveBeenCalledTimes(1);
    expect(api.edit).toHaveBeenCalledWith(ID);
    await unmount();
  });
});
