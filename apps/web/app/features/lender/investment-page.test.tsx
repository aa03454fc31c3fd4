import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { InvestmentPage } from "./investment-page.tsx";
import { ACCOUNT_ID, DETAIL, fakeLenderApi, INVESTMENT_ID, renderWith } from "./test-fixtures.tsx";

afterEach(cleanup);

const pairs = (region: HTMLElement) =>
  within(region)
    .getAllByRole("term")
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [within(row).getByRole("rowheader").textContent, ...within(row).getAllByRole("cell").map((c) => c.textContent)]);

describe("the investment page", () => {
  it("shows the share, its status label, what it received with the tax withheld, its schedule and repayments", async () => {
    renderWith(fakeLenderApi(), <InvestmentPage accountId={ACCOUNT_ID} investmentId={INVESTMENT_ID} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Pendanaan Pinjaman Cicilan" })).toBeTruthy();
    expect(pairs(screen.getByRole("region", { name: "Ringkasan" }))).toEqual([
      ["Nominal pendanaan", "Rp 1.500.000"],
      ["Status", "Didanakan"],
      ["Jumlah pinjaman", "Rp 2.000.000"],
      ["Tenor", "4 bulan"],
      ["Bunga", "0,1%/hari"],
      ["Grade risiko", "B"],
      ["Tanggal pencairan", "31 Jan 2026"],
      ["Jatuh tempo akhir", "31 Mei 2026"],
      ["Sisa pokok", "Rp 1.125.000"],
    ]);
    expect(pairs(screen.getByRole("region", { name: "Total diterima" }))).toEqual([
      ["Pokok", "Rp 375.000"],
      ["Bunga", "Rp 45.000"],
      ["Biaya platform", "Rp 4.500"],
      ["Pajak dipotong (PPh)", "Rp 6.750"],
      ["Premi asuransi", "Rp 0"],
      ["Denda", "Rp 0"],
      ["Diterima bersih", "Rp 408.750"],
    ]);
    expect(cells(screen.getByRole("table", { name: "Bagian Anda dari setiap angsuran, sesuai porsi pendanaan" }))).toEqual([
      ["1", "28 Feb 2026", "Rp 375.000", "Rp 45.000", "Rp 420.000", "Lunas"],
      ["2", "31 Mar 2026", "Rp 375.000", "Rp 45.000", "Rp 420.000", "Belum dibayar"],
    ]);
    expect(cells(screen.getByRole("table", { name: "Setiap pembayaran yang diterima pendanaan ini dengan potongannya" }))).toEqual([
      ["28 Feb 2026", "Rp 375.000", "Rp 45.000", "Rp 4.500", "Rp 6.750", "Rp 0", "Rp 0", "Rp 408.750"],
    ]);
  });

  it("explains a pending share has no schedule yet and links its application", async () => {
    const pending = { ...DETAIL, status: "pending" as const, status_label: "Pendanaan tertunda", schedule: [], repayments: [] };
    renderWith(fakeLenderApi({ investment: vi.fn(async () => pending) }), <InvestmentPage accountId={ACCOUNT_ID} investmentId={INVESTMENT_ID} />);
    expect(await screen.findByText("Jadwal tersedia setelah pinjaman dicairkan.")).toBeTruthy();
    expect(screen.getByText("Belum ada pembayaran.")).toBeTruthy();
    expect(screen.getByText("Pendanaan tertunda")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Lihat pengajuan" }).getAttribute("href")).toBe(`/investment-accounts/${ACCOUNT_ID}/applications/${DETAIL.account_application_id}`);
  });

  it("shows the API's not-found message for another lender's investment", async () => {
    renderWith(fakeLenderApi({ investment: vi.fn(async () => Promise.reject(new ApiError("Pendanaan tidak ditemukan.", 404))) }), <InvestmentPage accountId={ACCOUNT_ID} investmentId={INVESTMENT_ID} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Pendanaan tidak ditemukan.");
  });
});
