import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { InvestmentAccountPage } from "./investment-account-page.tsx";
import { ACCOUNT_ID, APPLICATION_ID, fakeLenderApi, INVESTMENT_ID, renderWith } from "./test-fixtures.tsx";

// The chart library draws on a canvas jsdom lacks: the lazy module is replaced, and seen loaded.
const chartLoaded = vi.fn();
vi.mock("./monthly-chart.tsx", () => ({
  default: ({ monthly }: { monthly: unknown[] }) => {
    chartLoaded(monthly.length);
    return <div data-testid="chart" />;
  },
}));

afterEach(cleanup);

const pairs = (region: HTMLElement) =>
  within(region)
    .getAllByRole("term")
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe("the investment-account page", () => {
  it("shows the balance and the statistics: amounts, XIRR, TKB90 and the buckets", async () => {
    renderWith(fakeLenderApi(), <InvestmentAccountPage accountId={ACCOUNT_ID} />);
    expect(screen.getByRole("heading", { level: 1, name: "Rekening investasi" })).toBeTruthy();
    const balance = screen.getByRole("region", { name: "Saldo" });
    expect(await within(balance).findByText("Rp 2.500.000")).toBeTruthy();
    expect(pairs(balance)).toEqual([
      ["Saldo tersedia", "Rp 2.500.000"],
      ["Dicadangkan untuk pendanaan", "Rp 300.000"],
    ]);
    const stats = screen.getByRole("region", { name: "Statistik" });
    await within(stats).findByText("Total didanakan");
    expect(pairs(stats)).toEqual([
      ["Total didanakan", "Rp 1.500.000"],
      ["Pendanaan tertunda", "Rp 300.000"],
      ["Sisa pokok berjalan", "Rp 1.125.000"],
      ["Pokok diterima", "Rp 375.000"],
      ["Bunga diterima (bruto)", "Rp 45.000"],
      ["Biaya platform", "Rp 4.500"],
      ["Pajak dipotong (PPh)", "Rp 6.750"],
      ["Premi asuransi", "Rp 0"],
      ["Denda keterlambatan diterima", "Rp 0"],
      ["Perkiraan bunga yang akan diterima", "Rp 135.000"],
      ["Imbal hasil bersih per tahun (XIRR)", "17,13%"],
      ["TKB90 portofolio Anda", "98,87%"],
      ["Lancar", "Rp 0"],
      ["Terlambat 1–30 hari", "Rp 1.125.000"],
      ["Terlambat 31–60 hari", "Rp 0"],
      ["Terlambat 61–90 hari", "Rp 0"],
      ["Terlambat lebih dari 90 hari", "Rp 0"],
    ]);
  });

  it("charts 12 months with a table of the same figures for screen readers", async () => {
    renderWith(fakeLenderApi(), <InvestmentAccountPage accountId={ACCOUNT_ID} />);
    const table = await screen.findByRole("table", { name: "Arus kas bulanan: dana didanakan, pokok kembali, dan bunga bersih" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(12);
    expect(within(rows[8]!).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Rp 1.500.000", "Rp 0", "Rp 0"]);
    expect(within(rows[10]!).getByRole("rowheader").textContent).toBe("Mar 2026");
    expect(within(rows[10]!).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Rp 0", "Rp 375.000", "Rp 33.750"]);
    expect(await screen.findByTestId("chart")).toBeTruthy();
    expect(chartLoaded).toHaveBeenCalledWith(12);
  });

  it("lists the lender's investments and the open applications, linking to their pages", async () => {
    const api = renderWith(fakeLenderApi(), <InvestmentAccountPage accountId={ACCOUNT_ID} />);
    const investments = await screen.findByRole("table", { name: "Pendanaan Anda dengan status dan sisa pokoknya" });
    const row = within(investments).getAllByRole("row")[1]!;
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Rp 1.500.000", "Didanakan", "Rp 1.125.000", "Lihat"]);
    expect(within(row).getByRole("link", { name: "Lihat pendanaan Pinjaman Cicilan B Rp 1.500.000" }).getAttribute("href")).toBe(`/investment-accounts/${ACCOUNT_ID}/investments/${INVESTMENT_ID}`);
    const applications = screen.getByRole("table", { name: "Pengajuan yang menunggu pendanaan dengan grade, bunga, tenor, dan sisa kebutuhannya" });
    const open = within(applications).getAllByRole("row")[1]!;
    expect(within(open).getAllByRole("cell").map((c) => c.textContent)).toEqual(["B", "Rp 3.000.000", "Rp 2.700.000", "0,1%/hari", "4 bulan", "4 Des 2026", "Lihat"]);
    expect(within(open).getByRole("link", { name: "Lihat pengajuan Pinjaman Cicilan Rp 3.000.000" }).getAttribute("href")).toBe(`/investment-accounts/${ACCOUNT_ID}/applications/${APPLICATION_ID}`);
    await userEvent.selectOptions(screen.getByLabelText("Urutkan"), "Bunga tertinggi");
    expect(api.applications).toHaveBeenLastCalledWith(ACCOUNT_ID, 1, "rate");
  });

  it("shows an error instead of figures the API refused", async () => {
    renderWith(fakeLenderApi({ statistics: vi.fn(async () => Promise.reject(new ApiError("Rekening investasi tidak ditemukan.", 404))) }), <InvestmentAccountPage accountId={ACCOUNT_ID} />);
    const stats = screen.getByRole("region", { name: "Statistik" });
    expect((await within(stats).findByRole("alert")).textContent).toBe("Rekening investasi tidak ditemukan.");
  });
});
