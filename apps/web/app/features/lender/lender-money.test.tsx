import type { PaymentOptions, Withdrawal } from "@pinjaman/contracts/lender-money";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import type { LenderMoneyApi } from "./lender-money-api.ts";
import { TopUpSection } from "./top-up-section.tsx";
import { WithdrawalSection } from "./withdrawal-section.tsx";

const ACCOUNT_ID = "5a8397fb-46cf-4cc1-9833-5b358e800446";
const BCA = "3935800000000042";
const BNI = "98881234000000042";

const OPTIONS: PaymentOptions = {
  channels: [
    { key: "bca_va", name: "Virtual Account BCA", virtual_account_number: BCA, preferred: true, methods: [{ key: "atm", name: "ATM", steps: ["Masukkan kartu ATM BCA dan PIN Anda.", `Masukkan nomor virtual account ${BCA}.`] }] },
    { key: "bni_va", name: "Virtual Account BNI", virtual_account_number: BNI, preferred: false, methods: [{ key: "atm", name: "ATM", steps: [`Masukkan nomor virtual account ${BNI}.`] }] },
  ],
};

const withdrawal = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: "0b9a4a4e-5d7e-4c35-9a51-3f3b1a3c9e01",
  amount: 1_000_000,
  status: "processing",
  status_label: "Diproses",
  reason: null,
  bank_code: "bca",
  account_number: "••••2233",
  account_name: "Sari Lestari",
  requested_on: "2026-11-24",
  created_at: "2026-11-24T03:00:00.000Z",
  ...over,
});

function fakeApi(over: Partial<LenderMoneyApi> = {}): LenderMoneyApi {
  return {
    paymentOptions: vi.fn(async () => OPTIONS),
    withdrawalCode: vi.fn(async () => ({ signature_id: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", code_sent_to: "+62812****789", resend_after: 60 })),
    withdraw: vi.fn(async (_id: string, data: { amount: number }) => withdrawal({ amount: data.amount })),
    withdrawals: vi.fn(async () => [] as Withdrawal[]),
    taxStatement: vi.fn(async () => Promise.reject(new Error("not in these tests"))),
    deposit: vi.fn(async (_id: string, data: { amount: number }) => ({
      transfer_id: "7d1f0c52-2a41-4c8e-9b3a-5e6f7a8b9c0d",
      amount: data.amount,
      replayed: false,
      balance: { account_id: ACCOUNT_ID, currency: "IDR" as const, available: 5_000_000 + data.amount, reserved: 0 },
    })),
    ...over,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TopUpSection", () => {
  it("shows the lender's VA per bank with a copy button and the steps; another bank shows its own number", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    const api = fakeApi();
    render(<TopUpSection accountId={ACCOUNT_ID} api={api} />);
    const section = screen.getByRole("region", { name: "Isi saldo" });
    expect(await within(section).findByText(BCA)).toBeTruthy();
    expect(api.paymentOptions).toHaveBeenCalledWith(ACCOUNT_ID);
    expect(within(section).getByText(`Masukkan nomor virtual account ${BCA}.`)).toBeTruthy();
    await userEvent.click(within(section).getByRole("button", { name: /salin/i }));
    expect(writeText).toHaveBeenCalledWith(BCA);
    await userEvent.selectOptions(within(section).getByLabelText("Pilih bank"), "bni_va");
    expect(within(section).getByText(BNI)).toBeTruthy();
    expect(within(section).queryByText(BCA)).toBeNull();
  });

  it("in the sandbox plays the bank's transfer into the chosen VA once per submission and tells the page", async () => {
    const api = fakeApi();
    const onChanged = vi.fn();
    render(<TopUpSection accountId={ACCOUNT_ID} api={api} sandbox onChanged={onChanged} />);
    const form = await screen.findByRole("form", { name: "Simulasikan isi saldo" });
    await userEvent.type(within(form).getByRole("textbox", { name: "Nominal (Rp)" }), "abc");
    await userEvent.click(within(form).getByRole("button", { name: "Simulasikan isi saldo" }));
    expect(within(form).getByText("Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000.")).toBeTruthy();
    await userEvent.clear(within(form).getByRole("textbox", { name: "Nominal (Rp)" }));
    await userEvent.type(within(form).getByRole("textbox", { name: "Nominal (Rp)" }), "0");
    await userEvent.click(within(form).getByRole("button", { name: "Simulasikan isi saldo" }));
    expect(within(form).getByText("Masukkan nominal dalam rupiah, minimal Rp 10.000")).toBeTruthy();
    expect(api.deposit).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByRole("textbox", { name: "Nominal (Rp)" }));
    await userEvent.type(within(form).getByRole("textbox", { name: "Nominal (Rp)" }), "2.000.000");
    await userEvent.selectOptions(within(form).getByRole("combobox", { name: "Virtual account tujuan" }), "bni_va");
    await userEvent.dblClick(within(form).getByRole("button", { name: "Simulasikan isi saldo" }));
    expect((await within(form).findByRole("status")).textContent).toBe("Saldo Rp 2.000.000 masuk. Saldo tersedia sekarang Rp 7.000.000.");
    expect(api.deposit).toHaveBeenCalledTimes(1);
    expect(api.deposit).toHaveBeenCalledWith(ACCOUNT_ID, { channel: "bni_va", amount: 2_000_000, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("offers no simulated transfer outside the sandbox", async () => {
    render(<TopUpSection accountId={ACCOUNT_ID} api={fakeApi()} />);
    await screen.findByText(BCA);
    expect(screen.queryByRole("form", { name: "Simulasikan isi saldo" })).toBeNull();
  });

  it("says so when the options cannot be loaded", async () => {
    render(<TopUpSection accountId={ACCOUNT_ID} api={fakeApi({ paymentOptions: vi.fn(async () => Promise.reject(new Error("x"))) })} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Cara isi saldo tidak dapat dimuat. Silakan coba lagi.");
  });
});

describe("WithdrawalSection", () => {
  it("asks a code for the amount, then withdraws with it once (one key per code), lists the withdrawal and has the page reload the balance", async () => {
    let listed: Withdrawal[] = [];
    const api = fakeApi({ withdrawals: vi.fn(async () => listed) });
    const withdraw = api.withdraw as ReturnType<typeof vi.fn>;
    withdraw.mockImplementation(async (_id: string, data: { amount: number }) => {
      listed = [withdrawal({ amount: data.amount })];
      return listed[0]!;
    });
    const onChanged = vi.fn();
    render(<WithdrawalSection accountId={ACCOUNT_ID} api={api} onChanged={onChanged} />);
    expect(await screen.findByText("Belum ada penarikan.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Nominal penarikan"), "1.000.000");
    await userEvent.click(screen.getByRole("button", { name: "Kirim kode" }));
    expect(api.withdrawalCode).toHaveBeenCalledWith(ACCOUNT_ID, 1_000_000);
    expect(screen.getByText("Kode verifikasi dikirim ke +62812****789.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Kode verifikasi"), "123456");
    await userEvent.dblClick(screen.getByRole("button", { name: "Tarik dana Rp 1.000.000" }));
    expect(withdraw).toHaveBeenCalledTimes(1);
    expect(withdraw.mock.calls[0]![1]).toEqual({ amount: 1_000_000, idempotency_key: expect.any(String), signature_id: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", code: "123456" });
    expect(await screen.findByText("Penarikan Rp 1.000.000 sedang diproses.")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Riwayat penarikan" });
    expect(within(table).getAllByRole("row")[1]!.textContent).toBe("24 Nov 2026Rp 1.000.000BCA ••••2233Diproses");
    // On a phone the table scrolls in its own region, which a keyboard can reach (axe: scrollable-region-focusable).
    expect(screen.getByRole("region", { name: "Riwayat penarikan" }).tabIndex).toBe(0);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("reads the amount as the site writes it: Rp 1.500.000 is asked for, 1.5 is refused with the format", async () => {
    const api = fakeApi();
    render(<WithdrawalSection accountId={ACCOUNT_ID} api={api} />);
    const amount = screen.getByLabelText("Nominal penarikan");
    await userEvent.type(amount, "1.5");
    await userEvent.click(screen.getByRole("button", { name: "Kirim kode" }));
    expect(screen.getByText("Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000.")).toBeTruthy();
    expect(api.withdrawalCode).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, "Rp 1.500.000");
    await userEvent.click(screen.getByRole("button", { name: "Kirim kode" }));
    expect(api.withdrawalCode).toHaveBeenCalledWith(ACCOUNT_ID, 1_500_000);
  });

  it("refuses an amount below the minimum without calling the server", async () => {
    const api = fakeApi();
    render(<WithdrawalSection accountId={ACCOUNT_ID} api={api} />);
    await userEvent.type(screen.getByLabelText("Nominal penarikan"), "49000");
    await userEvent.click(screen.getByRole("button", { name: "Kirim kode" }));
    expect(api.withdrawalCode).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Nominal penarikan").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Minimal Rp 50.000, maksimal saldo tersedia.").length).toBe(2);
  });

  it("shows the server's refusals: no bank account, a wrong code under the code field", async () => {
    const api = fakeApi({
      withdrawalCode: vi.fn(async () => {
        throw new ApiError("Anda belum memiliki rekening bank terverifikasi untuk penarikan.", 422, {}, "bank_account_missing");
      }),
    });
    render(<WithdrawalSection accountId={ACCOUNT_ID} api={api} />);
    await userEvent.type(screen.getByLabelText("Nominal penarikan"), "100000");
    await userEvent.click(screen.getByRole("button", { name: "Kirim kode" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Anda belum memiliki rekening bank terverifikasi untuk penarikan.");

    cleanup();
    const wrong = "Kode salah. Sisa percobaan: 4.";
    render(<WithdrawalSection accountId={ACCOUNT_ID} api={fakeApi({ withdraw: vi.fn(async () => Promise.reject(new ApiError(wrong, 422, { code: [wrong] }, "wrong_code"))) })} />);
    await userEvent.type(screen.getByLabelText("Nominal penarikan"), "100000");
    await userEvent.click(screen.getByRole("button", { name: "Kirim kode" }));
    await userEvent.type(await screen.findByLabelText("Kode verifikasi"), "000000");
    await userEvent.click(screen.getByRole("button", { name: "Tarik dana Rp 100.000" }));
    expect(screen.getByLabelText("Kode verifikasi").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe(wrong);
  });

  it("lists a failed withdrawal with its label and reason", async () => {
    const reason = "Bank menolak transfer ke rekening Anda. Dana dikembalikan ke saldo tersedia.";
    render(<WithdrawalSection accountId={ACCOUNT_ID} api={fakeApi({ withdrawals: vi.fn(async () => [withdrawal({ status: "failed", status_label: "Gagal", reason })]) })} />);
    const table = await screen.findByRole("table", { name: "Riwayat penarikan" });
    expect(within(table).getByText("Gagal")).toBeTruthy();
    expect(within(table).getByText(reason)).toBeTruthy();
  });
});
