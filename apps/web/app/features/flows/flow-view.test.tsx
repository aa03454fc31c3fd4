import type { FlowProgressNew, FlowProgressView, FlowStep, FormField } from "@pinjaman/contracts/flows";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeField } from "../../fields/field-test-kit.tsx";
import { ApiError } from "../shell/api-fetch.ts";
import type { FlowApi } from "./flow-api.ts";
import { rememberedProgress } from "./flow-memory.ts";
import { FlowView } from "./flow-view.tsx";
import { DRAFT_DELAY_MS } from "./use-draft-save.ts";
import { useFlow, type UseFlowOptions } from "./use-flow.ts";

const ID = "0b4c8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

function step(key: string, fields: FormField[], extra: Partial<FlowStep> = {}): FlowStep {
  return {
    key,
    template: "form",
    title: `Langkah ${key}`,
    description: null,
    fields,
    movements: [
      { id: "back", label: "Kembali", direction: "back" },
      { id: "next", label: "Lanjutkan", direction: "forward" },
    ],
    actions: [],
    data: null,
    ...extra,
  };
}

const accountStep = step("account", [makeField("email", { key: "email", label: "E-mail" }), makeField("password", { key: "password", label: "Kata sandi" })]);
const personalStep = step("personal", [makeField("personal_code_input", { key: "personal_code", label: "NIK" })]);

function view(s: FlowStep, extra: Partial<FlowProgressView> = {}): FlowProgressView {
  return {
    id: ID,
    flow_version_id: "v1",
    flow: { key: "spl_onboarding", name: "Pengajuan", audience: "public", product_key: "spl" },
    status: "in_progress",
    step_index: 1,
    steps_count: 11,
    step: s,
    expires_at: "2026-11-24T00:00:00.000Z",
    completed_redirect: null,
    ...extra,
  };
}

const preview: FlowProgressNew = { flow_version_id: "v1", flow: view(accountStep).flow, steps_count: 11, step: accountStep };

function fakeApi(overrides: Partial<FlowApi> = {}): FlowApi {
  return {
    preview: vi.fn(async () => preview),
    create: vi.fn(async () => view(accountStep)),
    edit: vi.fn(async () => view(accountStep)),
    save: vi.fn(async () => view(accountStep)),
    move: vi.fn(async () => ({ data: view(personalStep, { step_index: 2 }) })),
    action: vi.fn(async () => view(accountStep)),
    ...overrides,
  };
}

function Harness(props: Omit<UseFlowOptions, "flowKey" | "audience" | "authenticationId" | "onSession"> & Partial<UseFlowOptions>) {
  const flow = useFlow({ flowKey: "spl_onboarding", audience: "public", authenticationId: null, onSession: async () => {}, ...props });
  return <FlowView flow={flow} customerId={null} affiliate="" />;
}

function renderFlow(props: Parameters<typeof Harness>[0]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Harness {...props} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("a flow on the page", () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("shows step one from the preview, stores the progress on the first Lanjutkan and moves with the step's values", async () => {
    const api = fakeApi();
    renderFlow({ api });
    expect(await screen.findByRole("heading", { level: 1, name: "Langkah account" })).toBeTruthy();
    expect(screen.getByText("Langkah 1 dari 11")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "wati@contoh.co.id" } });
    fireEvent.change(screen.getByLabelText("Kata sandi"), { target: { value: "rahasia-Kuat-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Lanjutkan" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Langkah personal" })).toBeTruthy();
    // The password is sent with the move, never stored with the new progress.
    expect(api.create).toHaveBeenCalledWith("spl_onboarding", "public", { email: "wati@contoh.co.id" }, "v1");
    expect(api.move).toHaveBeenCalledWith(ID, "next", { email: "wati@contoh.co.id", password: "rahasia-Kuat-2026" }, "account");
    expect(rememberedProgress("spl_onboarding", null)).toBe(ID);
  });

  it("shows the server's messages under each field, joined with a comma, and stays on the step", async () => {
    const api = fakeApi({
      edit: vi.fn(async () => view(accountStep)),
      move: vi.fn(async () => {
        throw new ApiError("Data belum benar", 422, { email: ["E-mail wajib diisi.", "Format e-mail tidak valid."] });
      }),
    });
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    fireEvent.click(await screen.findByRole("button", { name: "Lanjutkan" }));
    expect(await screen.findByText("E-mail wajib diisi., Format e-mail tidak valid.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Langkah account");
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the edge's refusal of a pasted NUL (400, `values.<field>`) under that field", async () => {
    const api = fakeApi({
      edit: vi.fn(async () => view(accountStep)),
      move: vi.fn(async () => {
        throw new ApiError("Data yang dikirim belum benar.", 400, { "values.email": ["Mengandung karakter yang tidak diizinkan"] });
      }),
    });
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    fireEvent.click(await screen.findByRole("button", { name: "Lanjutkan" }));
    expect(await screen.findByText("Mengandung karakter yang tidak diizinkan")).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Data yang dikirim belum benar.")).toBeNull();
  });

  it("shows a refusal of an answer from an earlier step (no field of it here) as the step's failure", async () => {
    const api = fakeApi({
      move: vi.fn(async () => {
        throw new ApiError("Data belum benar", 422, { personal_code: ["NIK sudah terdaftar."], email: ["E-mail wajib diisi."] });
      }),
    });
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    fireEvent.click(await screen.findByRole("button", { name: "Lanjutkan" }));
    expect(await screen.findByText("NIK sudah terdaftar.")).toBeTruthy();
    expect(screen.getByText("E-mail wajib diisi.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Langkah account");
  });

  it("saves typed values 800 ms after the last change, but never the password", async () => {
    const api = fakeApi();
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    await screen.findByRole("heading", { level: 1, name: "Langkah account" });
    // Timers that move only when told, from here on: with `shouldAdvanceTime` the real time the
    // machine took (10 ms on a loaded one) was added, and the save came before 790 ms had passed.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.change(screen.getByLabelText("Kata sandi"), { target: { value: "rahasia-Kuat-2026" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "wati@contoh.co.id" } });
    await act(async () => vi.advanceTimersByTime(DRAFT_DELAY_MS - 10));
    expect(api.save).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(20));
    expect(api.save).toHaveBeenCalledTimes(1);
    expect(api.save).toHaveBeenCalledWith(ID, { email: "wati@contoh.co.id" }, false);
  });

  it("saves the draft at once when a field loses focus, and as the page is left", async () => {
    const api = fakeApi();
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    const email = await screen.findByLabelText("E-mail");
    fireEvent.change(email, { target: { value: "wati@contoh.co.id" } });
    fireEvent.blur(email);
    expect(api.save).toHaveBeenCalledExactlyOnceWith(ID, { email: "wati@contoh.co.id" }, false);
    // Nothing new: no second call.
    fireEvent.blur(email);
    fireEvent.change(email, { target: { value: "wati@contoh.id" } });
    window.dispatchEvent(new Event("pagehide"));
    expect(api.save).toHaveBeenCalledTimes(2);
    expect(api.save).toHaveBeenLastCalledWith(ID, { email: "wati@contoh.id" }, true);
  });

  it("shows nothing when a draft is not saved, keeps the input and sends it again later", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const save = vi.fn(async () => view(accountStep));
    save.mockRejectedValueOnce(new ApiError("Koneksi terputus", 0, {}, "network"));
    const api = fakeApi({ save });
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    const email = (await screen.findByLabelText("E-mail")) as HTMLInputElement;
    fireEvent.change(email, { target: { value: "wati@contoh.co.id" } });
    fireEvent.blur(email);
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.queryByText("Koneksi terputus")).toBeNull();
    expect(email.value).toBe("wati@contoh.co.id");
    fireEvent.blur(email);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(ID, { email: "wati@contoh.co.id" }, false);
  });

  it("keeps step one's draft in the tab before anything is stored, never the password, and brings it back after a reload", async () => {
    const api = fakeApi();
    renderFlow({ api });
    fireEvent.change(await screen.findByLabelText("E-mail"), { target: { value: "wati@contoh.co.id" } });
    fireEvent.change(screen.getByLabelText("Kata sandi"), { target: { value: "rahasia-Kuat-2026" } });
    fireEvent.blur(screen.getByLabelText("Kata sandi"));
    expect(api.save).not.toHaveBeenCalled();
    expect(JSON.parse(window.sessionStorage.getItem("flow_draft:spl_onboarding") ?? "null")).toEqual({
      version: "v1",
      step: "account",
      values: { email: "wati@contoh.co.id" },
    });
    cleanup();
    renderFlow({ api });
    await waitFor(() => expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("wati@contoh.co.id"));
    expect((screen.getByLabelText("Kata sandi") as HTMLInputElement).value).toBe("");
    // Once the progress is stored, the tab's copy goes.
    fireEvent.click(screen.getByRole("button", { name: "Lanjutkan" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Langkah personal" })).toBeTruthy();
    // The copy is dropped by an effect after the step renders (React runs it after paint).
    await waitFor(() => expect(window.sessionStorage.getItem("flow_draft:spl_onboarding")).toBeNull());
  });

  it("keeps Lanjutkan disabled while a field holds the step back (NIK under 25)", async () => {
    const api = fakeApi({ edit: vi.fn(async () => view(personalStep)) });
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    const nik = await screen.findByLabelText("NIK");
    fireEvent.change(nik, { target: { value: "3273010101050001" } });
    await waitFor(() => expect((screen.getByRole("button", { name: "Lanjutkan" }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.change(nik, { target: { value: "3273011505900001" } });
    await waitFor(() => expect((screen.getByRole("button", { name: "Lanjutkan" }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("signs the page in when the account step opens a session, and remembers the progress under it", async () => {
    const onSession = vi.fn(async () => {});
    const session = { id: "s1", expires_at: Date.now() + 3_600_000, authentication_id: "auth-1" };
    const api = fakeApi({ move: vi.fn(async () => ({ data: view(personalStep), session })) });
    renderFlow({ api, onSession });
    fireEvent.click(await screen.findByRole("button", { name: "Lanjutkan" }));
    await screen.findByRole("heading", { level: 1, name: "Langkah personal" });
    expect(onSession).toHaveBeenCalledWith(session);
    expect(rememberedProgress("spl_onboarding", "auth-1")).toBe(ID);
    expect(rememberedProgress("spl_onboarding", null)).toBeNull();
  });

  it("starts again from step one when the remembered progress has expired", async () => {
    const api = fakeApi({
      edit: vi.fn(async () => {
        throw new ApiError("Pengajuan ini sudah kedaluwarsa. Silakan mulai lagi.", 410);
      }),
    });
    window.localStorage.setItem("flow_progress:spl_onboarding:anonymous", JSON.stringify({ id: ID, until: Date.now() + 60_000 }));
    renderFlow({ api });
    expect(await screen.findByRole("heading", { level: 1, name: "Langkah account" })).toBeTruthy();
    expect(api.preview).toHaveBeenCalled();
    expect(rememberedProgress("spl_onboarding", null)).toBeNull();
  });
});
