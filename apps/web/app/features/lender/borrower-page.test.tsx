import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { BorrowerPage } from "./borrower-page.tsx";
import { ACCOUNT_ID, APPLICATION_ID, BORROWER_ID, fakeLenderApi, renderWith } from "./test-fixtures.tsx";

afterEach(cleanup);

describe("the borrower page", () => {
  it("shows the borrower's region, history and visible applications, linking the open one", async () => {
    const api = renderWith(fakeLenderApi(), <BorrowerPage accountId={ACCOUNT_ID} customerId={BORROWER_ID} />);
    expect(screen.getByRole("heading", { level: 1, name: "Profil peminjam" })).toBeTruthy();
    await screen.findByText("Jawa Barat");
    const pairs = screen.getAllByRole("term").map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ["Provinsi", "Jawa Barat"],
      ["Kota/Kabupaten", "Kota Bandung"],
      ["Pinjaman sebelumnya di platform", "2"],
      ["Pinjaman aktif", "1"],
      ["Angsuran dibayar tepat waktu", "7"],
      ["Angsuran dibayar terlambat", "1"],
    ]);
    const table = screen.getByRole("table", { name: "Pengajuan peminjam ini yang terbuka untuk pendanaan atau Anda danai" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["B", "Rp 3.000.000", "0,1%/hari", "4 bulan", "MENUNGGU PENDANAAN"]);
    expect(within(row).getByRole("link", { name: "Pinjaman Cicilan" }).getAttribute("href")).toBe(`/investment-accounts/${ACCOUNT_ID}/applications/${APPLICATION_ID}`);
    expect(api.borrower).toHaveBeenCalledWith(ACCOUNT_ID, BORROWER_ID);
  });

  it("shows the API's not-found message for a borrower the lender may not see", async () => {
    renderWith(fakeLenderApi({ borrower: vi.fn(async () => Promise.reject(new ApiError("Peminjam tidak ditemukan.", 404))) }), <BorrowerPage accountId={ACCOUNT_ID} customerId={BORROWER_ID} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Peminjam tidak ditemukan.");
  });
});
