import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FRAUD_BANNER_KEY, FraudBanner } from "./fraud-banner.tsx";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe("FraudBanner", () => {
  it("warns that the provider never asks for a transfer to approve a loan", () => {
    render(<FraudBanner companyName="PT Pinjaman Digital Indonesia" />);
    const region = screen.getByRole("region", { name: "Peringatan penipuan" });
    expect(region.textContent).toContain(
      "PT Pinjaman Digital Indonesia tidak pernah meminta Anda mentransfer uang ke rekening tertentu untuk persetujuan pinjaman.",
    );
  });

  it("closes with Tutup and stays closed for the rest of the session", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<FraudBanner companyName="PT Pinjaman Digital Indonesia" />);
    await user.click(screen.getByRole("button", { name: "Tutup" }));
    expect(screen.queryByRole("region", { name: "Peringatan penipuan" })).toBeNull();
    expect(sessionStorage.getItem(FRAUD_BANNER_KEY)).toBe("1");
    unmount();
    render(<FraudBanner companyName="PT Pinjaman Digital Indonesia" />);
    expect(screen.queryByRole("region", { name: "Peringatan penipuan" })).toBeNull();
  });
});
