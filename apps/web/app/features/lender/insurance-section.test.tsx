import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InsuranceApi } from "./insurance-api.ts";
import { InsuranceSection } from "./insurance-section.tsx";

afterEach(cleanup);

const ACCOUNT = "7c2f0d6e-1a5b-4f8e-8d2c-5e6f7a8b9c0d";

/** An API whose stored setting changes when the flow completes, as the server's does. */
function fakeApi(initial: boolean, change?: InsuranceApi["change"]) {
  let stored = initial;
  return {
    setting: vi.fn(async () => stored),
    change: vi.fn(
      change ??
        (async (_id: string, on: boolean) => {
          stored = on;
        }),
    ),
  } satisfies InsuranceApi;
}

describe("InsuranceSection", () => {
  it("shows the account's setting as a labelled switch and turns it on through the flow", async () => {
    const api = fakeApi(false);
    render(<InsuranceSection accountId={ACCOUNT} api={api} />);
    expect(screen.getByRole("heading", { name: "Asuransi otomatis" })).toBeTruthy();
    const toggle = await screen.findByRole("switch", { name: "Asuransikan pendanaan baru secara otomatis" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("Tidak aktif")).toBeTruthy();
    expect(api.setting).toHaveBeenCalledWith(ACCOUNT);

    await userEvent.click(toggle);
    expect(api.change).toHaveBeenCalledWith(ACCOUNT, true);
    await waitFor(() => expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("true"));
    expect(screen.getByText("Aktif")).toBeTruthy();
    expect(screen.getByText("Asuransi otomatis diaktifkan untuk pendanaan berikutnya.")).toBeTruthy();
  });

  it("keeps the setting and shows the server's refusal in an alert", async () => {
    const api = fakeApi(true, async () => {
      throw new Error("Rekening investasi tidak ditemukan.");
    });
    render(<InsuranceSection accountId={ACCOUNT} api={api} />);
    const toggle = await screen.findByRole("switch");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    await userEvent.click(toggle);
    expect((await screen.findByRole("alert")).textContent).toBe("Rekening investasi tidak ditemukan.");
    expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("true");
    expect(api.change).toHaveBeenCalledWith(ACCOUNT, false);
  });

  it("shows why the setting could not be read", async () => {
    const api = { setting: vi.fn(async () => Promise.reject(new Error("Terjadi kesalahan"))), change: vi.fn() } satisfies InsuranceApi;
    render(<InsuranceSection accountId={ACCOUNT} api={api} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Terjadi kesalahan");
    expect(screen.queryByRole("switch")).toBeNull();
  });
});
