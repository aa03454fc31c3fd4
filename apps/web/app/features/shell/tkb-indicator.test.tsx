import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SHELL_FIXTURE } from "./test-fixtures.ts";
import { TkbIndicator } from "./tkb-indicator.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("TkbIndicator", () => {
  it("shows the first figure with an Indonesian decimal comma", () => {
    render(<TkbIndicator tkb={SHELL_FIXTURE.tkb} />);
    expect(screen.getByTestId("tkb-indicator").textContent).toBe("TKB0 92,14%");
  });

  it("advances every 3000 ms, not before, and wraps around", () => {
    vi.useFakeTimers();
    render(<TkbIndicator tkb={SHELL_FIXTURE.tkb} />);
    const indicator = screen.getByTestId("tkb-indicator");
    act(() => vi.advanceTimersByTime(2999));
    expect(indicator.textContent).toBe("TKB0 92,14%");
    act(() => vi.advanceTimersByTime(1));
    expect(indicator.textContent).toBe("TKB30 96,58%");
    act(() => vi.advanceTimersByTime(3000));
    expect(indicator.textContent).toBe("TKB60 98,02%");
    act(() => vi.advanceTimersByTime(3000));
    expect(indicator.textContent).toBe("TKB90 98,87%");
    act(() => vi.advanceTimersByTime(3000));
    expect(indicator.textContent).toBe("TKB0 92,14%");
  });

  it("does not announce the rotation and offers a static summary instead", () => {
    render(<TkbIndicator tkb={SHELL_FIXTURE.tkb} />);
    const indicator = screen.getByTestId("tkb-indicator");
    expect(indicator.getAttribute("aria-live")).toBe("off");
    const button = screen.getByRole("button", { name: "Informasi TKB (tingkat keberhasilan bayar)" });
    const summary = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(summary?.textContent).toBe("Tingkat keberhasilan bayar: TKB0 92,14%, TKB30 96,58%, TKB60 98,02%, TKB90 98,87%");
  });

  it("opens the explanation with the figures and the last update in Jakarta time", async () => {
    const user = userEvent.setup();
    render(<TkbIndicator tkb={SHELL_FIXTURE.tkb} />);
    await user.click(screen.getByRole("button", { name: /Informasi TKB/ }));
    const dialog = await screen.findByRole("dialog", { name: "Apa itu TKB90?" });
    expect(within(dialog).getByText("TKB90 = 100% − TWP90")).toBeTruthy();
    expect(within(dialog).getByRole("row", { name: "TKB90 98,87%" })).toBeTruthy();
    expect(within(dialog).getByText("Terakhir diperbarui: 22 Nov 2026 14:05 WIB")).toBeTruthy();
    expect(within(dialog).getByText(/Otoritas Jasa Keuangan \(OJK\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Tutup" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
