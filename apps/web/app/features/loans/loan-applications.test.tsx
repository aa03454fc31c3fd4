import type { AccountApplication } from "@pinjaman/contracts/accounts";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isCancellable, LoanApplications } from "./loan-applications.tsx";

const BASE: AccountApplication = {
  id: "0b9a4a4e-5d7e-4c35-9a51-3f3b1a3c9e01",
  account_id: "7c2f0d6e-1a5b-4f8e-8d2c-5e6f7a8b9c0d",
  product_key: "spl",
  product_name: "Pinjaman Cicilan",
  type_key: "initial",
  status: "waiting_for_investment",
  amount: 3_000_000,
  term: 6,
  daily_rate_ppm: 1000,
  total_repayment: 3_540_000,
  submitted_on: "2026-11-24",
  effective_on: null,
  maturity_on: null,
  risk_grade: "B",
  rejection_reason: null,
};

const REASON = "Total cicilan pinjaman daring Anda akan melebihi batas OJK dibandingkan penghasilan bulanan Anda.";

afterEach(cleanup);

const noCancel = () => Promise.resolve();

describe("LoanApplications", () => {
  it("shows a rejected application's label and its Indonesian reason", () => {
    render(<LoanApplications applications={{ data: [{ ...BASE, status: "rejected", risk_grade: null, rejection_reason: REASON }], error: null }} onCancel={noCancel} />);
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("DITOLAK")).toBeTruthy();
    expect(within(item).getByText("Alasan penolakan")).toBeTruthy();
    expect(within(item).getByText(REASON)).toBeTruthy();
  });

  it("shows no reason for an application that is not rejected", () => {
    render(<LoanApplications applications={{ data: [BASE], error: null }} onCancel={noCancel} />);
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("MENUNGGU PENDANAAN")).toBeTruthy();
    expect(within(item).queryByText("Alasan penolakan")).toBeNull();
    expect(item.textContent).toContain("Rp 3.000.000");
  });

  it("offers the cancel action only while the status table allows it", () => {
    expect(["draft", "submitted", "waiting_for_investment", "waiting_for_deadline"].every(isCancellable)).toBe(true);
    expect(["in_disbursement", "activated", "rejected", "cancelled", "closed", "unknown"].some(isCancellable)).toBe(false);
    render(<LoanApplications applications={{ data: [BASE, { ...BASE, id: "0b9a4a4e-5d7e-4c35-9a51-3f3b1a3c9e02", status: "activated" }], error: null }} onCancel={noCancel} />);
    const [waiting, activated] = screen.getAllByRole("listitem");
    expect(within(waiting!).getByRole("button", { name: "Batalkan pengajuan Pinjaman Cicilan sebesar Rp 3.000.000" })).toBeTruthy();
    expect(within(activated!).queryByRole("button")).toBeNull();
    expect(within(activated!).getByText("DIAKTIFKAN")).toBeTruthy();
  });

  it("starts the cancellation of that application and shows the server's refusal in an alert", async () => {
    const onCancel = vi.fn(async () => {
      throw new Error("Pengajuan ini tidak dapat dibatalkan lagi.");
    });
    render(<LoanApplications applications={{ data: [BASE], error: null }} onCancel={onCancel} />);
    await userEvent.setup().click(screen.getByRole("button", { name: /Batalkan pengajuan/ }));
    expect(onCancel).toHaveBeenCalledWith(BASE);
    expect((await screen.findByRole("alert")).textContent).toBe("Pengajuan ini tidak dapat dibatalkan lagi.");
  });
});
