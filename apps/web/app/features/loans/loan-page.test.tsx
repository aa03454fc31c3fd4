import type { NewPaymentRequest } from "@pinjaman/contracts/payments";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { LoanPage } from "./loan-page.tsx";
import { ACCOUNT_ID, APPLICATION_ID, BCA_VA, DETAIL, NEW_PAYMENT, fakeApi } from "./test-fixtures.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(api = fakeApi(), sandbox = false) {
  render(
    <MemoryRouter>
      <LoanPage accountId={ACCOUNT_ID} sandbox={sandbox} api={api} />
    </MemoryRouter>,
  );
  return api;
}

const PAYMENT = { id: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", account_id: ACCOUNT_ID, channel: "bca_va" as const, virtual_account_number: BCA_VA, amount: 1_020_000, paid_on: "2026-11-24", allocation: { late_fee: 0, interest: 120_000, principal: 900_000, credit: 0, credit_used: 0, waived_interest: 0 }, account_status: "active", status: "allocated" as const, parked_reason: null };

describe("the loan page", () => {
  it("summarises the loan: terms, maturity extension, what is owed and the payoff today", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Pinjaman Pinjaman Cicilan" })).toBeTruthy();
    const summary = screen.getByRole("region", { name: "Ringkasan" });
    const pairs = within(summary)
      .getAllByRole("term")
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ["Status", "Aktif · DIAKTIFKAN"],
      ["Jumlah pinjaman", "Rp 2.000.000"],
      ["Tenor", "4 bulan"],
      ["Bunga", "0,1%/hari"],
      ["Total pengembalian", "Rp 2.240.000"],
      ["Tanggal pencairan", "24 Agu 2026"],
      ["Jatuh tempo akhir", "24 Des 2026"],
      ["Perpanjangan jatuh tempo", "30 hari"],
      ["Sisa pokok", "Rp 1.460.000"],
      ["Sisa kewajiban", "Rp 1.580.000"],
      ["Pelunasan dipercepat hari ini", "Rp 1.520.000"],
    ]);
  });

  it("names a reschedule in force next to its maturity extension (spec section 4)", async () => {
    const current = { ...DETAIL.current_account_application!, type_key: "reschedule" as const };
    renderPage(fakeApi({ account: vi.fn(async () => ({ ...DETAIL, current_account_application: current })) }));
    const summary = await screen.findByRole("region", { name: "Ringkasan" });
    const pairs = within(summary)
      .getAllByRole("term")
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs.slice(6, 9)).toEqual([
      ["Jatuh tempo akhir", "24 Des 2026"],
      ["Perubahan pinjaman", "Dijadwalkan ulang"],
      ["Perpanjangan jatuh tempo", "30 hari"],
    ]);
  });

  it("says a purchase's loan was paid to the merchant (decision 0032)", async () => {
    renderPage(fakeApi({ account: vi.fn(async () => ({ ...DETAIL, paid_to_merchant: "Toko Elektronik Jaya" })) }));
    const summary = await screen.findByRole("region", { name: "Ringkasan" });
    const pairs = within(summary)
      .getAllByRole("term")
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs.slice(5, 7)).toEqual([
      ["Tanggal pencairan", "24 Agu 2026"],
      ["Pencairan", "Dana dibayarkan ke Toko Elektronik Jaya"],
    ]);
  });

  it("shows the borrower's credit and the payoff left to transfer after it", async () => {
    const payoff = { ...DETAIL.payoff!, credit: 40_000, amount_to_pay: 1_480_000 };
    renderPage(fakeApi({ account: vi.fn(async () => ({ ...DETAIL, payoff })) }));
    const summary = await screen.findByRole("region", { name: "Ringkasan" });
    const pairs = within(summary)
      .getAllByRole("term")
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs.slice(-2)).toEqual([
      ["Kelebihan bayar (dipakai lebih dulu)", "Rp 40.000"],
      ["Pelunasan dipercepat hari ini", "Rp 1.480.000"],
    ]);
  });

  it("says what happens to the credit: used automatically when the next invoice falls due, before any late fee", async () => {
    const payoff = { ...DETAIL.payoff!, credit: 40_000, amount_to_pay: 1_480_000 };
    renderPage(fakeApi({ account: vi.fn(async () => ({ ...DETAIL, payoff })) }));
    const summary = await screen.findByRole("region", { name: "Ringkasan" });
    expect(
      within(summary).getByText(
        "Kelebihan pembayaran Anda sebesar Rp 40.000 disimpan sebagai saldo kredit dan dipakai otomatis untuk membayar tagihan berikutnya pada tanggal jatuh temponya, sebelum denda dihitung.",
      ),
    ).toBeTruthy();
  });

  it("says what became of the credit left when the loan closed: refunded to the bank account, or moved to the other loan", async () => {
    const closed = { ...DETAIL, status: "closed" as const, payoff: null, outstanding_principal: 0, outstanding_total: 0, next_invoice: null };
    const refunded = { amount: 30_000, outcome: "refunded" as const, bank_name: "BCA", account_number: "1234567890" };
    renderPage(fakeApi({ account: vi.fn(async () => ({ ...closed, closing_credit: refunded })) }));
    const summary = await screen.findByRole("region", { name: "Ringkasan" });
    expect(within(summary).getByText("Sisa kredit Rp 30.000 saat pinjaman ini lunas sudah dikembalikan ke rekening BCA 1234567890.")).toBeTruthy();
    cleanup();
    const moved = { amount: 30_000, outcome: "moved" as const, bank_name: null, account_number: null };
    renderPage(fakeApi({ account: vi.fn(async () => ({ ...closed, closing_credit: moved })) }));
    expect(
      within(await screen.findByRole("region", { name: "Ringkasan" })).getByText(
        "Sisa kredit Rp 30.000 saat pinjaman ini lunas dipindahkan ke pinjaman Anda yang masih berjalan dan dipakai otomatis untuk tagihan berikutnya.",
      ),
    ).toBeTruthy();
  });

  it("shows the schedule's invoices with due date, amount, paid and Lunas / Terlambat / Belum dibayar", async () => {
    const api = renderPage();
    const table = await screen.findByRole("table", { name: "Tagihan per angsuran dengan status pembayarannya" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Ke-", "Jatuh tempo", "Tagihan", "Dibayar", "Status"]);
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [within(row).getByRole("rowheader").textContent, ...within(row).getAllByRole("cell").map((c) => c.textContent)]);
    expect(rows).toEqual([
      ["1", "24 Sep 2026", "Rp 560.000", "Rp 560.000", "Lunas"],
      ["2", "24 Okt 2026", "Rp 560.000", "Rp 100.000", "Terlambat"],
      ["3", "23 Nov 2026", "Rp 560.000", "Rp 0", "Terlambat"],
      ["4", "24 Des 2026", "Rp 560.000", "Rp 0", "Belum dibayar"],
    ]);
    expect(api.invoices).toHaveBeenCalledWith(APPLICATION_ID, 1);
  });

  it("explains how to pay per bank: amount due, VA number with copy, steps per method; no simulation outside the sandbox", async () => {
    renderPage();
    const pay = await screen.findByRole("region", { name: "Cara membayar" });
    expect(await within(pay).findByText("Rp 1.020.000")).toBeTruthy();
    expect(within(pay).getByText(BCA_VA)).toBeTruthy();
    expect(within(pay).getByText("Masukkan kartu ATM BCA dan PIN Anda.")).toBeTruthy();
    expect(within(pay).getByText("ATM").tagName).toBe("SUMMARY");
    const bank = within(pay).getByRole("combobox", { name: "Bank" });
    expect(within(bank).getAllByRole("option").map((o) => o.textContent)).toEqual(["Virtual Account BCA (utama)", "Virtual Account BNI"]);
    await userEvent.setup().selectOptions(bank, "bni_va");
    expect(within(pay).getByText("9881234500000017")).toBeTruthy();
    expect(within(pay).getByText("Masukkan kartu ATM BNI.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Simulasikan pembayaran" })).toBeNull();
  });

  it("downloads the statement PDF under the server's file name and says so", async () => {
    const createObjectURL = vi.fn(() => "blob:statement");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const api = fakeApi({ statement: vi.fn(async () => ({ blob: new Blob(["%PDF-"], { type: "application/pdf" }), filename: "laporan-pinjaman-x-2026-11-24.pdf" })) });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage(api);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Unduh laporan (PDF)" }));
    expect(await screen.findByText("Laporan sudah diunduh.")).toBeTruthy();
    expect(api.statement).toHaveBeenCalledWith(ACCOUNT_ID);
    expect(clicked).toEqual(["laporan-pinjaman-x-2026-11-24.pdf"]);
  });
});

describe("the sandbox payment simulation", () => {
  it("says a simulated payment far above the payoff was held for checking, not used for the invoices", async () => {
    const parked = { ...PAYMENT, amount: 10_000_000_000_000, status: "parked" as const, parked_reason: "above_payoff" as const, allocation: { ...PAYMENT.allocation, interest: 0, principal: 0 } };
    renderPage(fakeApi({ pay: vi.fn(async () => parked) }), true);
    const form = await screen.findByRole("form", { name: "Simulasikan pembayaran" });
    await userEvent.setup().click(within(form).getByRole("button", { name: "Simulasikan pembayaran" }));
    expect(await within(form).findByText("Pembayaran Rp 10.000.000.000.000 jauh melebihi sisa pelunasan, jadi ditahan untuk diperiksa tim kami dan tidak dipakai untuk tagihan.")).toBeTruthy();
  });

  it("pays once on a double click, with one idempotency key, then reloads the loan and announces the payment", async () => {
    let release: () => void = () => {};
    const pay = vi.fn(
      (_id: string, _data: NewPaymentRequest) =>
        new Promise<typeof PAYMENT>((resolve) => {
          release = () => resolve(PAYMENT);
        }),
    );
    const api = renderPage(fakeApi({ pay }), true);
    const form = await screen.findByRole("form", { name: "Simulasikan pembayaran" });
    const amount = within(form).getByRole("textbox", { name: "Nominal (Rp)" }) as HTMLInputElement;
    expect(amount.value).toBe("1020000");
    const user = userEvent.setup();
    await user.dblClick(within(form).getByRole("button", { name: "Simulasikan pembayaran" }));
    release();
    expect(await within(form).findByText("Pembayaran Rp 1.020.000 diterima pada 24 Nov 2026.")).toBeTruthy();
    expect(pay).toHaveBeenCalledTimes(1);
    const [accountId, data] = pay.mock.calls[0]!;
    expect(accountId).toBe(ACCOUNT_ID);
    expect(data).toEqual({ channel: "bca_va", amount: 1_020_000, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The payment changed the invoices and what is due: all three are read again.
    expect(api.account).toHaveBeenCalledTimes(2);
    expect(api.invoices).toHaveBeenCalledTimes(2);
    expect(api.newPayment).toHaveBeenCalledTimes(2);

    // The amount is spent: the field is empty, and a second payment is typed anew, with a new key.
    expect(amount.value).toBe("");
    await user.type(amount, "500000");
    await user.click(within(form).getByRole("button", { name: "Simulasikan pembayaran" }));
    expect(await vi.waitFor(() => pay.mock.calls[1]!)).toBeTruthy();
    expect(pay.mock.calls[1]![1].idempotency_key).not.toBe(data.idempotency_key);
  });

  it("retries a payment whose answer was lost with the same key", async () => {
    const pay = vi.fn().mockRejectedValueOnce(new ApiError("Tidak dapat terhubung.", 0, {}, "network")).mockResolvedValueOnce(PAYMENT);
    renderPage(fakeApi({ pay }), true);
    const form = await screen.findByRole("form", { name: "Simulasikan pembayaran" });
    const user = userEvent.setup();
    await user.click(within(form).getByRole("button", { name: "Simulasikan pembayaran" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Tidak dapat terhubung.");
    await user.click(within(form).getByRole("button", { name: "Simulasikan pembayaran" }));
    expect(await within(form).findByText("Pembayaran Rp 1.020.000 diterima pada 24 Nov 2026.")).toBeTruthy();
    expect(pay.mock.calls[1]![1].idempotency_key).toBe(pay.mock.calls[0]![1].idempotency_key);
  });

  it("shows the server's field message under the amount and its message in an alert", async () => {
    const pay = vi.fn(async () => {
      throw new ApiError("Data tidak valid", 400, { amount: ["Nominal melebihi batas"] }, "validation");
    });
    renderPage(fakeApi({ pay }), true);
    const form = await screen.findByRole("form", { name: "Simulasikan pembayaran" });
    await userEvent.setup().click(within(form).getByRole("button", { name: "Simulasikan pembayaran" }));
    const amount = within(form).getByRole("textbox", { name: "Nominal (Rp)" });
    expect(await within(form).findByText("Nominal melebihi batas")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(amount.getAttribute("aria-describedby")).toBe(within(form).getByText("Nominal melebihi batas").id);
    expect(within(form).getByRole("alert").textContent).toBe("Data tidak valid");
  });

  it("takes the borrower's credit off what is due: how to pay shows what is left to transfer, and the simulation is prefilled with it", async () => {
    renderPage(fakeApi({ newPayment: vi.fn(async () => ({ ...NEW_PAYMENT, credit_balance: 30 })) }), true);
    const pay = await screen.findByRole("region", { name: "Cara membayar" });
    const pairs = (await within(pay).findAllByRole("term")).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs.slice(0, 3)).toEqual([
      ["Harus dibayar sekarang", "Rp 1.020.000"],
      ["Kelebihan bayar (dipakai lebih dulu)", "Rp 30"],
      ["Yang perlu ditransfer", "Rp 1.019.970"],
    ]);
    const form = await screen.findByRole("form", { name: "Simulasikan pembayaran" });
    expect((within(form).getByRole("textbox", { name: "Nominal (Rp)" }) as HTMLInputElement).value).toBe("1019970");
  });

  it("refuses an amount that is not whole rupiah without calling the server, naming the format", async () => {
    const api = renderPage(fakeApi(), true);
    const form = await screen.findByRole("form", { name: "Simulasikan pembayaran" });
    const user = userEvent.setup();
    const amount = within(form).getByRole("textbox", { name: "Nominal (Rp)" });
    for (const typed of ["1.5", "1,5", "1.500.000,00", "abc"]) {
      await user.clear(amount);
      await user.type(amount, `${typed}{Enter}`);
      expect(await within(form).findByText("Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000.")).toBeTruthy();
    }
    await user.clear(amount);
    await user.type(amount, "0{Enter}");
    expect(await within(form).findByText("Masukkan nominal dalam rupiah, minimal Rp 1")).toBeTruthy();
    expect(api.pay).not.toHaveBeenCalled();
  });

  it("sends an amount typed as the site writes it", async () => {
    const api = renderPage(fakeApi(), true);
    const form = await screen.findByRole("form", { name: "Simulasikan pembayaran" });
    const user = userEvent.setup();
    const amount = within(form).getByRole("textbox", { name: "Nominal (Rp)" });
    await user.clear(amount);
    await user.type(amount, "Rp 1.500.000{Enter}");
    await vi.waitFor(() => expect(api.pay).toHaveBeenCalledWith(ACCOUNT_ID, expect.objectContaining({ amount: 1_500_000 })));
  });
});

describe("arriving from the dashboard's Bayar", () => {
  it("moves the focus to how to pay once it is shown", async () => {
    render(
      <MemoryRouter initialEntries={[`/profile/loans/${ACCOUNT_ID}#cara-bayar`]}>
        <LoanPage accountId={ACCOUNT_ID} sandbox={false} api={fakeApi()} />
      </MemoryRouter>,
    );
    const pay = await screen.findByRole("region", { name: "Cara membayar" });
    await vi.waitFor(() => expect(document.activeElement).toBe(pay));
  });
});
