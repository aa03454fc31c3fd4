import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CancelRegistration } from "./cancel-registration.tsx";

describe("Batalkan pendaftaran", () => {
  afterEach(cleanup);

  it("asks in a labelled dialog first and cancels only after Ya, batalkan", () => {
    const onConfirm = vi.fn();
    render(<CancelRegistration onConfirm={onConfirm} />);
    const opener = screen.getByRole("button", { name: "Batalkan pendaftaran" });
    opener.focus();
    fireEvent.click(opener);
    expect(onConfirm).not.toHaveBeenCalled();
    const dialog = screen.getByRole("dialog", { name: "Batalkan pendaftaran?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.textContent).toContain("Pendaftaran dihentikan dan Anda kembali ke beranda. Anda dapat mendaftar lagi kapan saja.");
    // Focus moves in, onto the choice that keeps the registration.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Lanjutkan pendaftaran" }));

    fireEvent.click(screen.getByRole("button", { name: "Ya, batalkan" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each([
    ["Escape", (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: "Escape" })],
    ["Lanjutkan pendaftaran", () => fireEvent.click(screen.getByRole("button", { name: "Lanjutkan pendaftaran" }))],
    ["the close button", () => fireEvent.click(screen.getByRole("button", { name: "Tutup" }))],
  ])("closes on %s without cancelling, focus back on the button", (_how, close) => {
    const onConfirm = vi.fn();
    render(<CancelRegistration onConfirm={onConfirm} />);
    const opener = screen.getByRole("button", { name: "Batalkan pendaftaran" });
    opener.focus();
    fireEvent.click(opener);
    close(screen.getByRole("dialog"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });
});
