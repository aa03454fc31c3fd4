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

  it("says whether the share is insured and, once the insurer paid a claim, what it paid and that the share is the insurer's", async () => {
    renderWith(fakeLenderApi(), <InvestmentPage accountId={ACCOUNT_ID} investmentId={INVESTMENT_ID} />);
    const region = await screen.findByRole("region", { name: "Asuransi" });
    expect(region.textContent).toContain("Pendanaan ini tidak diasuransikan.");
    cleanup();
    const claimed = { ...DETAIL, insured: true, insurance_claim: { business_date: "2026-06-01", outstanding_principal: 1_125_000, amount: 1_125_000, insurer_reference: "SBX-claim:1" } };
    renderWith(fakeLenderApi({ investment: vi.fn(async () => claimed) }), <InvestmentPage accountId={ACCOUNT_ID} investmentId={INVESTMENT_ID} />);
    const insured = await screen.findByRole("region", { name: "Asuransi" });
    expect(insured.textContent).toContain("Pendanaan ini diasuransikan.");
    expect(insured.textContent).toContain(
      "Klaim asuransi dibayar pada 1 Jun 2026: Rp 1.125.000 untuk pokok tersisa Rp 1.125.000 (referensi SBX-claim:1). Sejak itu pembayaran peminjam untuk bagian ini menjadi milik asuransi.",
    );
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
