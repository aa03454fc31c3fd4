import type { AccountApplication } from "@pinjaman/contracts/accounts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProfileApplications } from "./profile-applications.tsx";

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

describe("ProfileApplications", () => {
  it("shows a rejected application's label and its Indonesian reason", () => {
    render(<ProfileApplications applications={{ data: [{ ...BASE, status: "rejected", risk_grade: null, rejection_reason: REASON }], error: null }} />);
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("DITOLAK")).toBeTruthy();
    expect(within(item).getByText("Alasan penolakan")).toBeTruthy();
    expect(within(item).getByText(REASON)).toBeTruthy();
  });

  it("shows no reason for an application that is not rejected", () => {
    render(<ProfileApplications applications={{ data: [BASE], error: null }} />);
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("MENUNGGU PENDANAAN")).toBeTruthy();
    expect(within(item).queryByText("Alasan penolakan")).toBeNull();
    expect(item.textContent).toContain("Rp 3.000.000");
  });
});
