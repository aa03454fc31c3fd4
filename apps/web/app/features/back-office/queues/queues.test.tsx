import type { DisbursalQueueItem, LoanCandidate, ParkedPayment, ReviewDetail as Detail } from "@pinjaman/contracts/back-office-queues";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../shell/api-fetch.ts";
import { DisbursalQueue } from "./disbursal-queue.tsx";
import { Reconciliation } from "./reconciliation.tsx";
import { ReviewDetail } from "./review-detail.tsx";

afterEach(cleanup);

const ID = "11111111-1111-4111-8111-111111111111";

function detail(status: string, allowed: ("approve" | "reject")[]): Detail {
  return {
    application: { id: ID, account_id: ID, status, type_key: "initial", product_name: "Pinjaman Tunai", amount: 3_000_000, term: 6, daily_rate_ppm: 1000, total_repayment: 3_540_000, submitted_on: "2026-11-24", risk_grade: null, rejection_reason: null },
    customer: { id: ID, name: "Budi Santoso", email: "budi@pinjaman.test", phone: "+6281234567801", created_at: "2026-01-01T00:00:00Z" },
    kyc: { full_name: "Budi Santoso", personal_code: "3273011505900001", birth_date: "1990-05-15", answers: [{ key: "payroll_employer", value: "bni" }, { key: "monthly_income", value: "5m_10m" }, { key: "bank_code", value: "bca" }, { key: "bank_account_number", value: "1234567890" }] },
    documents: [{ id: ID, field_key: "ktp_photo", filename: "ktp.png", mime_type: "image/png", size: 68, url: `/app_api/v1/back_office/applications/${ID}/documents/${ID}` }],
    decision: { outcome: "refer", risk_grade: null, decided_at: "2026-11-24T03:00:00Z", rules: [{ key: "affordability", passed: null, measured: { ratio_bp: null }, threshold: { max_bp: 3000 }, source: "SEOJK" }] },
    transitions: [{ from_status: null, to_status: "submitted", event: "submit", actor_kind: "customer", reason: null, created_at: "2026-11-24T03:00:00Z" }],
    history: { applications: [], loans: [], payments: [] },
    allowed_outcomes: allowed,
  };
}

describe("the review page", () => {
  it("shows the KYC data, documents and rules, and approves with a mandatory reason in a dialog that gives focus back", async () => {
    const user = userEvent.setup();
    const reviewDetail = vi.fn().mockResolvedValueOnce(detail("submitted", ["approve", "reject"])).mockResolvedValueOnce(detail("waiting_for_investment", ["reject"]));
    const decide = vi
      .fn()
      .mockRejectedValueOnce(new ApiError("Data tidak valid", 400, { reason: ["Maksimal 1000 karakter"] }))
      .mockResolvedValueOnce({ status: "waiting_for_investment" });
    render(
      <MemoryRouter>
        <ReviewDetail applicationId={ID} api={{ reviewDetail, decide }} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Pengajuan Budi Santoso" })).toBeTruthy();
    expect(screen.getByText("3273011505900001")).toBeTruthy();
    // The answers under the flow's own labels and option names, as the borrower chose them.
    const answer = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(answer("Penghasilan per bulan")).toBe("Rp5 juta – Rp10 juta");
    expect(answer("Pemberi kerja")).toBe("PT Bank Negara Indonesia (Persero) Tbk");
    expect(answer("Nomor rekening")).toBe("1234567890");
    expect(screen.getByRole("img", { name: "Foto KTP" }).getAttribute("src")).toContain(`/documents/${ID}`);
    const rule = screen.getByText(/Rasio cicilan terhadap penghasilan/).parentElement!.textContent;
    expect(rule).toContain("Tidak dapat diukur");
    expect(rule).toContain("rasio (basis poin): – / max_bp: 3000");

    const approve = screen.getByRole("button", { name: "Setujui" });
    await user.click(approve);
    const reason = screen.getByRole("textbox", { name: "Alasan" });
    expect(document.activeElement).toBe(reason);
    // Empty: refused here, nothing sent.
    await user.click(screen.getAllByRole("button", { name: "Setujui" }).at(-1)!);
    expect(screen.getByText("Alasan wajib diisi")).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();
    // The server's field message lands under the field.
    await user.type(reason, "Slip gaji sesuai.");
    await user.click(screen.getAllByRole("button", { name: "Setujui" }).at(-1)!);
    expect(await screen.findByText("Maksimal 1000 karakter")).toBeTruthy();
    await user.click(screen.getAllByRole("button", { name: "Setujui" }).at(-1)!);
    expect(await screen.findByText("Pengajuan disetujui. Status sekarang: MENUNGGU PENDANAAN.")).toBeTruthy();
    expect(decide).toHaveBeenLastCalledWith(ID, "approve", "Slip gaji sesuai.");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Setujui" })).toBeNull());
    expect(screen.getByRole("button", { name: "Tolak" })).toBeTruthy();
  });
});

describe("the disbursal queue", () => {
  it("groups by stage, shows the bank's reason and retries with a reason", async () => {
    const user = userEvent.setup();
    const item: DisbursalQueueItem = { application_id: ID, disbursal_id: ID, stage: "retrying", borrower_name: "Siti Aminah", merchant_name: null, amount: 1_000_000, payout: 1_000_000, funded_on: "2026-11-22", cooling_off_ends_on: "2026-11-24", attempts: 2, next_attempt_at: "2026-11-24T05:00:00Z", last_error: "bank unavailable", updated_at: "2026-11-24T04:00:00Z" };
    const purchase: DisbursalQueueItem = { ...item, application_id: "b3a1c2d4-0000-4000-8000-000000000001", disbursal_id: null, stage: "cooling_off", borrower_name: "Rina Lubis", merchant_name: "Toko Elektronik Jaya", attempts: 0, payout: null, next_attempt_at: null, last_error: null, updated_at: null };
    const disbursals = vi.fn().mockResolvedValueOnce([item, purchase]).mockResolvedValueOnce([]);
    const retry = vi.fn().mockResolvedValue({ outcome: "succeeded", item: { ...item, stage: "paid" } });
    render(<DisbursalQueue api={{ disbursals, retry }} />);
    expect(await screen.findByRole("heading", { level: 2, name: "Ditolak bank, dicoba lagi (1)" })).toBeTruthy();
    expect(screen.getByText("bank unavailable")).toBeTruthy();
    // Whom each payout goes to: the borrower's own account, or for a purchase the merchant.
    const paidTo = (name: string) => screen.getByRole("heading", { level: 3, name }).closest("li")!.querySelector("dt:nth-of-type(2) + dd")?.textContent;
    expect(paidTo("Siti Aminah")).toBe("Siti Aminah (rekening sendiri)");
    expect(paidTo("Rina Lubis")).toBe("Toko Elektronik Jaya (mitra)");
    await user.click(screen.getByRole("button", { name: "Coba lagi sekarang: Siti Aminah" }));
    await user.type(screen.getByRole("textbox", { name: "Alasan" }), "Bank normal kembali.");
    await user.click(screen.getByRole("button", { name: "Coba sekarang" }));
    expect(await screen.findByText("Siti Aminah: Dana berhasil dicairkan.")).toBeTruthy();
    expect(retry).toHaveBeenCalledWith(ID, "Bank normal kembali.");
  });
});

describe("reconciliation", () => {
  it("finds an active loan, requires a choice, and matches the parked payment with a reason", async () => {
    const user = userEvent.setup();
    const parked: ParkedPayment = { id: ID, amount: 560_000, channel: "bca_va", virtual_account_number: "3935800000001", parked_reason: "unknown_virtual_account", received_on: "2026-11-24", paid_at: null, account_id: null, reconciliation: "open", matched_account_id: null, reason: null, refund: null };
    const loan: LoanCandidate = { account_id: ID, borrower_name: "Budi Santoso", borrower_email: "budi@pinjaman.test", principal_balance: 2_000_000, virtual_accounts: [{ channel: "bca_va", number: "3935812345678" }] };
    const api = {
      parked: vi.fn().mockResolvedValueOnce([parked]).mockResolvedValueOnce([]),
      searchLoans: vi.fn().mockResolvedValue([loan]),
      match: vi.fn().mockResolvedValue({ payment: { ...parked, reconciliation: "matched" }, replayed: false }),
      refund: vi.fn(),
    };
    render(<Reconciliation api={api} />);
    expect(await screen.findByText("Virtual account tidak dikenal")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /^Cocokkan ke pinjaman/ }));
    await user.type(screen.getByRole("searchbox", { name: "Cari pinjaman aktif" }), "budi{Enter}");
    const option = await screen.findByRole("radio", { name: /Budi Santoso/ });
    await user.type(screen.getByRole("textbox", { name: "Alasan" }), "Salah ketik VA.");
    await user.click(screen.getByRole("button", { name: "Cocokkan" }));
    expect(screen.getAllByText("Pilih pinjaman tujuan").length).toBeGreaterThan(0);
    expect(api.match).not.toHaveBeenCalled();
    await user.click(option);
    await user.click(screen.getByRole("button", { name: "Cocokkan" }));
    expect(await screen.findByText(/^Pembayaran Rp\s?560\.000 dibukukan ke pinjaman Budi Santoso\.$/)).toBeTruthy();
    expect(api.match).toHaveBeenCalledWith(ID, ID, "Salah ketik VA.");
  });

  it("lists a closed loan's credit refunded by the platform with the other refunds: its reason, state and account", async () => {
    const refunded: ParkedPayment = {
      id: ID,
      amount: 30_000,
      channel: "bca_va",
      virtual_account_number: "3935800000003",
      parked_reason: "closing_credit",
      received_on: "2026-11-24",
      paid_at: null,
      account_id: ID,
      reconciliation: "refunded",
      matched_account_id: null,
      reason: "Sisa kredit pinjaman yang lunas dikembalikan ke rekening peminjam",
      refund: { bank_code: "bca", account_number: "1234567890", account_name: "Rina Wulandari", attempts: 2, last_error: null, account_refused: false, bank_reference: "SBX-refund:1" },
    };
    render(<Reconciliation api={{ parked: vi.fn().mockResolvedValue([refunded]), searchLoans: vi.fn(), match: vi.fn(), refund: vi.fn() }} />);
    expect(await screen.findByText("Sisa kredit pinjaman lunas (dikembalikan ke peminjam)")).toBeTruthy();
    expect(screen.getByText("Dikembalikan ke pengirim")).toBeTruthy();
    expect(screen.getByText("Sisa kredit pinjaman yang lunas dikembalikan ke rekening peminjam")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Kembalikan/ })).toBeNull();
  });

  it("refunds to the payer's bank account: the bank step's rules under each field, the server's messages, the outcome; a failed refund is tried again with its account", async () => {
    const user = userEvent.setup();
    const parked: ParkedPayment = { id: ID, amount: 90_000, channel: "bca_va", virtual_account_number: "3935800000002", parked_reason: "unknown_virtual_account", received_on: "2026-11-24", paid_at: null, account_id: null, reconciliation: "open", matched_account_id: null, reason: null, refund: null };
    const failed: ParkedPayment = {
      ...parked,
      reconciliation: "refund_failed",
      reason: "Pengirim bukan nasabah.",
      refund: { bank_code: "bri", account_number: "012345678901", account_name: "Siti Aminah", attempts: 1, last_error: "bank unavailable", account_refused: false, bank_reference: null },
    };
    const api = {
      parked: vi.fn().mockResolvedValueOnce([parked]).mockResolvedValue([failed]),
      searchLoans: vi.fn(),
      match: vi.fn(),
      refund: vi
        .fn()
        .mockRejectedValueOnce(new ApiError("Data tidak valid", 400, { account_name: ["Nama pemilik rekening hanya berisi huruf, minimal 3 karakter."] }))
        .mockResolvedValueOnce({ payment: failed, replayed: false })
        .mockResolvedValueOnce({ payment: { ...failed, reconciliation: "refunded", refund: { ...failed.refund!, attempts: 2, last_error: null, bank_reference: "SBX-1" } }, replayed: false }),
    };
    render(<Reconciliation api={api} />);
    const open = await screen.findByRole("button", { name: /^Kembalikan ke pengirim: Rp/ });
    await user.click(open);
    expect(screen.getByRole("dialog")).toBeTruthy();
    // Nothing filled in: each field says what it needs, nothing is sent.
    await user.click(screen.getByRole("button", { name: "Kembalikan dana" }));
    expect(screen.getAllByText("Pilih bank").length).toBeGreaterThan(1);
    expect(screen.getByRole("textbox", { name: "Nomor rekening pengirim" }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Nomor rekening harus 6 sampai 20 angka.").length).toBeGreaterThan(0);
    expect(api.refund).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByRole("combobox", { name: "Bank pengirim" }), "BRI");
    await user.type(screen.getByRole("textbox", { name: "Nomor rekening pengirim" }), "0123-4567 8901");
    await user.type(screen.getByRole("textbox", { name: "Nama pemilik rekening" }), "Siti Aminah");
    await user.type(screen.getByRole("textbox", { name: "Alasan" }), "Pengirim bukan nasabah.");
    await user.click(screen.getByRole("button", { name: "Kembalikan dana" }));
    // The server's message for a field lands under it.
    expect(await screen.findByText("Nama pemilik rekening hanya berisi huruf, minimal 3 karakter.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Kembalikan dana" }));
    expect(await screen.findByText(/^Pengembalian Rp\s?90\.000 gagal: bank unavailable\. Coba lagi nanti\.$/)).toBeTruthy();
    expect(api.refund).toHaveBeenLastCalledWith(ID, { bank_code: "bri", account_number: "0123-4567 8901", account_name: "Siti Aminah", reason: "Pengirim bukan nasabah." });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // The reloaded list shows the failed refund with its account and the bank's reason; trying again keeps the account.
    expect(await screen.findByText("Pengembalian gagal")).toBeTruthy();
    expect(screen.getByText(/BRI 012345678901 · Siti Aminah/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /^Coba kembalikan lagi: Rp/ }));
    expect((screen.getByRole("textbox", { name: "Nomor rekening pengirim" }) as HTMLInputElement).value).toBe("012345678901");
    await user.type(screen.getByRole("textbox", { name: "Alasan" }), "Bank normal kembali.");
    await user.click(screen.getByRole("button", { name: "Coba kembalikan lagi" }));
    expect(await screen.findByText(/^Pembayaran Rp\s?90\.000 dikembalikan ke rekening pengirim\.$/)).toBeTruthy();
    expect(api.refund).toHaveBeenLastCalledWith(ID, { bank_code: "bri", account_number: "012345678901", account_name: "Siti Aminah", reason: "Bank normal kembali." });
  });
});
