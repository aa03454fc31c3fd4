import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Dashboard } from "./dashboard.tsx";
import { ACCOUNT_ID, ACTIVE_ACCOUNT, APPLICATION, BCA_VA, NEW_PAYMENT, fakeApi } from "./test-fixtures.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDashboard(api = fakeApi()) {
  render(
    <MemoryRouter>
      <Dashboard customerKey="customer-1" api={api} />
    </MemoryRouter>,
  );
  return api;
}

const CLOSED = { ...ACTIVE_ACCOUNT, id: "5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6", status: "closed" as const, principal_balance: 0, closed_on: "2026-06-30" };
const CLOSED_APPLICATION = { ...APPLICATION, id: "6e2f3a4b-5c6d-4e7f-8a91-a2b3c4d5e6f7", account_id: CLOSED.id, status: "closed", amount: 1_000_000 };

describe("the borrower's dashboard", () => {
  it("shows the active loan's next due date, amount, preferred VA and the pay button to the loan's how-to-pay", async () => {
    renderDashboard();
    const card = await screen.findByRole("article", { name: "Pinjaman Cicilan" });
    // The next invoice (late since 24 Okt) and the amount due now, which covers every late invoice.
    expect(await within(card).findByText("24 Okt 2026")).toBeTruthy();
    expect(within(card).getByText("Terlambat", { exact: false })).toBeTruthy();
    expect(within(card).getByText("Rp 1.020.000")).toBeTruthy();
    expect(within(card).getByText("Nomor Virtual Account BCA")).toBeTruthy();
    expect(within(card).getByText(BCA_VA)).toBeTruthy();
    const pay = within(card).getByRole("link", { name: "Bayar pinjaman Pinjaman Cicilan" });
    expect(pay.getAttribute("href")).toBe(`/profile/loans/${ACCOUNT_ID}#cara-bayar`);
  });

  it("shows the credit kept on the active loan and that it pays the next invoice when it falls due", async () => {
    renderDashboard(fakeApi({ newPayment: vi.fn(async () => ({ ...NEW_PAYMENT, credit_balance: 75_000 })) }));
    const card = await screen.findByRole("article", { name: "Pinjaman Cicilan" });
    expect(
      await within(card).findByText(
        "Kelebihan pembayaran Anda sebesar Rp 75.000 disimpan sebagai saldo kredit dan dipakai otomatis untuk membayar tagihan berikutnya pada tanggal jatuh temponya, sebelum denda dihitung.",
      ),
    ).toBeTruthy();
  });

  it("copies the VA number and announces it in a live region", async () => {
    const user = userEvent.setup(); // with its own clipboard
    renderDashboard();
    await user.click(await screen.findByRole("button", { name: `Salin nomor virtual account ${BCA_VA}` }));
    expect(await navigator.clipboard.readText()).toBe(BCA_VA);
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain(`Nomor virtual account ${BCA_VA} disalin.`);
  });

  it("lists the open loans and the closed ones with amounts, statuses and links, under table headers", async () => {
    const api = fakeApi({
      accounts: vi.fn(async (filters: { field: string; op: string }[]) => (filters.some((f) => f.field === "closed_on" && f.op === "present") ? [CLOSED] : [ACTIVE_ACCOUNT])),
      applications: vi.fn(async () => [APPLICATION, CLOSED_APPLICATION]),
    });
    renderDashboard(api);
    const open = await screen.findByRole("table", { name: "Pinjaman yang sedang diproses atau berjalan" });
    expect(within(open).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Pinjaman", "Jumlah", "Status", "Sisa pokok", "Tindakan"]);
    const [row] = within(open).getAllByRole("row").slice(1);
    expect(within(row!).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Rp 2.000.000", "Aktif", "Rp 1.460.000", "Lihat"]);
    expect(within(row!).getByRole("link", { name: "Lihat pinjaman Pinjaman Cicilan Rp 2.000.000" }).getAttribute("href")).toBe(`/profile/loans/${ACCOUNT_ID}`);

    const closed = await screen.findByRole("table", { name: "Pinjaman yang sudah ditutup" });
    const [closedRow] = within(closed).getAllByRole("row").slice(1);
    expect(within(closedRow!).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Rp 1.000.000", "Lunas", "30 Jun 2026", "Lihat"]);
    // The spec's filters: open accounts (closed_on empty); closed loans in the activated scope.
    expect(api.accounts).toHaveBeenCalledWith([
      { field: "type_key", op: "equals", value: "loan" },
      { field: "closed_on", op: "empty" },
    ]);
    expect(api.accounts).toHaveBeenCalledWith([
      { field: "type_key", op: "equals", value: "loan" },
      { field: "closed_on", op: "present" },
      { field: "activated_on", op: "present" },
    ]);
    expect(screen.getByText("DIAKTIFKAN")).toBeTruthy();
  });

  it("offers a new loan only when nothing is owed, nothing in flight and no flow in progress", async () => {
    renderDashboard(fakeApi({ accounts: vi.fn(async () => []), applications: vi.fn(async () => [{ ...APPLICATION, status: "rejected", rejection_reason: "Ditolak" }]) }));
    const link = await screen.findByRole("link", { name: "Ajukan pinjaman baru" });
    expect(link.getAttribute("href")).toBe("/sign-up?flow=spl_onboarding");
  });

  it("refuses a new loan while a loan has unpaid principal", async () => {
    renderDashboard();
    expect(await screen.findByText("Pinjaman baru dapat diajukan setelah pinjaman Anda lunas dan tidak ada pengajuan yang sedang berjalan.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Ajukan pinjaman baru" })).toBeNull();
  });

  it("refuses a new loan while an application is in flight, and offers to cancel it", async () => {
    renderDashboard(fakeApi({ accounts: vi.fn(async () => []), applications: vi.fn(async () => [{ ...APPLICATION, status: "waiting_for_investment" }]) }));
    expect(await screen.findByRole("button", { name: "Batalkan pengajuan Pinjaman Cicilan sebesar Rp 2.000.000" })).toBeTruthy();
    expect(screen.getByText("MENUNGGU PENDANAAN")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Ajukan pinjaman baru" })).toBeNull();
  });

  it("lists a flow in progress with Lanjutkan to resume it, and refuses a new loan meanwhile", async () => {
    const progress = { id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", flow_version_id: "v1", flow: { key: "spl_onboarding", name: "Pinjaman Cicilan" }, status: "in_progress" as const, current_step: "address", updated_at: "2026-11-24T03:00:00.000Z", expires_at: "2026-11-25T12:20:00.000Z" };
    renderDashboard(fakeApi({ accounts: vi.fn(async () => []), applications: vi.fn(async () => []), flowProgresses: vi.fn(async () => [progress]) }));
    const resume = await screen.findByRole("link", { name: "Lanjutkan Pinjaman Cicilan" });
    expect(resume.textContent).toBe("Lanjutkan");
    expect(resume.getAttribute("href")).toBe(`/flows/spl_onboarding?progress=${progress.id}`);
    expect(screen.getByText("Terakhir disimpan 24 Nov 2026 10:00 WIB")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Ajukan pinjaman baru" })).toBeNull();
  });
});
