import type { TaxStatement } from "@pinjaman/contracts/lender-tax";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TaxStatementSection } from "./tax-statement-section.tsx";

afterEach(cleanup);

const ACCOUNT = "7c2f0d6e-1a5b-4f8e-8d2c-5e6f7a8b9c0d";

/** A statement of `year` with interest paid in March only: 100.000 gross, 15 % PPh 23. */
function statementOf(year: number, npwp: string | null = "01.234.567.8-901.000"): TaxStatement {
  const zero = { gross_interest: 0, platform_fee: 0, tax_withheld: 0, insurance_premium: 0, net_interest: 0 };
  const march = { gross_interest: 100_000, platform_fee: 10_000, tax_withheld: 15_000, insurance_premium: 0, net_interest: 75_000 };
  return {
    account_id: ACCOUNT,
    year,
    tax_residency: "resident",
    tax_article: "pph23",
    rate_ppm: 150_000,
    npwp,
    months: Array.from({ length: 12 }, (_, i) => ({ month: `${year}-${String(i + 1).padStart(2, "0")}`, ...(i === 2 ? march : zero) })),
    totals: march,
  };
}

describe("TaxStatementSection", () => {
  it("shows the business year's months, totals, article, rate and NPWP, and loads an earlier year when chosen", async () => {
    const taxStatement = vi.fn(async (_id: string, year: number | null) => statementOf(year ?? 2026));
    render(<TaxStatementSection accountId={ACCOUNT} api={{ taxStatement }} />);
    expect(screen.getByRole("heading", { name: "Laporan pajak bunga" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Bunga dan pajak per bulan, 2026" });
    expect(taxStatement).toHaveBeenCalledWith(ACCOUNT, null);
    expect(screen.getByText(/PPh Pasal 23 15,00%, wajib pajak dalam negeri · NPWP: 01\.234\.567\.8-901\.000/)).toBeTruthy();

    const rows = within(table).getAllByRole("row");
    // Header, twelve months, the total.
    expect(rows).toHaveLength(14);
    expect(within(rows[3]!).getByRole("rowheader").textContent).toBe("Mar 2026");
    expect(within(rows[3]!).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Rp 100.000", "Rp 10.000", "Rp 15.000", "Rp 0", "Rp 75.000"]);
    expect(within(rows[13]!).getByRole("rowheader").textContent).toBe("Jumlah 2026");
    expect(within(rows[13]!).getAllByRole("cell")[2]!.textContent).toBe("Rp 15.000");

    const year = screen.getByLabelText("Tahun");
    expect(within(year).getAllByRole("option").map((o) => o.textContent)).toEqual(["2026", "2025", "2024", "2023", "2022"]);
    await userEvent.selectOptions(year, "2025");
    expect(await screen.findByRole("table", { name: "Bunga dan pajak per bulan, 2025" })).toBeTruthy();
    expect(taxStatement).toHaveBeenLastCalledWith(ACCOUNT, 2025);
    // The choice of years stays anchored on the business year.
    expect(within(screen.getByLabelText("Tahun")).getAllByRole("option")[0]!.textContent).toBe("2026");
  });

  it("says when no NPWP is recorded, and shows a failed load as an alert", async () => {
    render(<TaxStatementSection accountId={ACCOUNT} api={{ taxStatement: async () => statementOf(2026, null) }} />);
    expect(await screen.findByText(/NPWP belum tercatat\./)).toBeTruthy();
    cleanup();
    render(<TaxStatementSection accountId={ACCOUNT} api={{ taxStatement: async () => Promise.reject(new Error("Akun investasi tidak ditemukan.")) }} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Akun investasi tidak ditemukan.");
  });
});
