import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { ApplicationPage } from "./application-page.tsx";
import { ACCOUNT_ID, APPLICATION_ID, BORROWER_ID, fakeLenderApi, INVESTMENT_ID, renderWith } from "./test-fixtures.tsx";

afterEach(cleanup);

const pairs = (region: HTMLElement) =>
  within(region)
    .getAllByRole("term")
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

const INVESTED = { investment: { id: INVESTMENT_ID, amount: 500_000, status: "pending" as const }, funding: { amount: 3_000_000, funded: 800_000, remaining: 2_200_000 }, replayed: false };

function renderPage(api = fakeLenderApi()) {
  return renderWith(api, <ApplicationPage accountId={ACCOUNT_ID} applicationId={APPLICATION_ID} />);
}

describe("the application page", () => {
  it("shows the terms, funding, deadline and the borrower's region and history, never who they are", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Pengajuan Pinjaman Cicilan" })).toBeTruthy();
    expect(pairs(screen.getByRole("region", { name: "Ringkasan pengajuan" }))).toEqual([
      ["Jumlah pinjaman", "Rp 3.000.000"],
      ["Sudah didanakan", "Rp 300.000"],
      ["Sisa kebutuhan", "Rp 2.700.000"],
      ["Tenor", "4 bulan"],
      ["Bunga", "0,1%/hari"],
      ["Grade risiko", "B"],
      ["Tujuan pinjaman", "Konsumtif"],
      ["Tanggal disetujui", "20 Nov 2026"],
      ["Batas pendanaan", "4 Des 2026"],
    ]);
    const borrower = screen.getByRole("region", { name: "Peminjam" });
    expect(pairs(borrower)).toEqual([
      ["Provinsi", "Jawa Barat"],
      ["Kota/Kabupaten", "Kota Bandung"],
      ["Pinjaman sebelumnya di platform", "2"],
      ["Angsuran dibayar tepat waktu", "7"],
      ["Angsuran dibayar terlambat", "1"],
    ]);
    expect(within(borrower).getByRole("link", { name: "Lihat riwayat peminjam" }).getAttribute("href")).toBe(`/investment-accounts/${ACCOUNT_ID}/customer/${BORROWER_ID}`);
  });

  it("checks the amount's minimum and step before calling, with the message under the field", async () => {
    const api = renderPage();
    const input = await screen.findByLabelText("Nominal pendanaan (Rp)");
    expect(screen.getByText("Minimal Rp 100.000, kelipatan Rp 100.000.")).toBeTruthy();
    await userEvent.type(input, "50.000");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    expect(screen.getByText("Nominal pendanaan minimal Rp 100.000.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await userEvent.clear(input);
    await userEvent.type(input, "150000");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    expect(screen.getByText("Nominal pendanaan harus kelipatan Rp 100.000.")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "2800000");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    expect(screen.getByText("Nominal melebihi sisa kebutuhan pendanaan pengajuan ini.")).toBeTruthy();
    // A decimal point is not read as fewer rupiah ("1.5" was Rp15): the format is named.
    await userEvent.clear(input);
    await userEvent.type(input, "1.5");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    expect(screen.getByText("Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000.")).toBeTruthy();
    expect(api.invest).not.toHaveBeenCalled();
  });

  it("invests with one key per submission, shows the funding and updates the figures from the answer", async () => {
    const api = fakeLenderApi({ invest: vi.fn(async () => INVESTED) });
    renderPage(api);
    await userEvent.type(await screen.findByLabelText("Nominal pendanaan (Rp)"), "Rp 500.000");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    const status = await screen.findByText("Pendanaan Rp 500.000 tercatat dengan status Pendanaan tertunda. Sisa kebutuhan pengajuan: Rp 2.200.000.", { exact: false });
    expect(within(status).getByRole("link", { name: "Lihat pendanaan" }).getAttribute("href")).toBe(`/investment-accounts/${ACCOUNT_ID}/investments/${INVESTMENT_ID}`);
    expect(api.invest).toHaveBeenCalledWith(ACCOUNT_ID, { account_application_id: APPLICATION_ID, amount: 500_000, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await userEvent.type(screen.getByLabelText("Nominal pendanaan (Rp)"), "500000");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    const [first, second] = api.invest.mock.calls.map((c) => (c[1] as { idempotency_key: string }).idempotency_key);
    expect(second).not.toBe(first);
    // The answer's funding is shown; the application is not read again (fully funded, it is no longer open).
    expect(api.application).toHaveBeenCalledTimes(1);
    const remaining = screen.getAllByRole("term").find((term) => term.textContent === "Sisa kebutuhan")!;
    expect(remaining.nextElementSibling!.textContent).toBe("Rp 2.200.000");
  });

  it("retries a submission whose answer was lost with the same key", async () => {
    const invest = vi.fn().mockRejectedValueOnce(new ApiError("Tidak dapat terhubung ke server.", 0, {}, "network")).mockResolvedValueOnce(INVESTED);
    renderPage(fakeLenderApi({ invest }));
    await userEvent.type(await screen.findByLabelText("Nominal pendanaan (Rp)"), "500000");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Tidak dapat terhubung ke server.");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    await screen.findByText("Pendanaan Rp 500.000", { exact: false });
    expect(invest.mock.calls[1]![1].idempotency_key).toBe(invest.mock.calls[0]![1].idempotency_key);
  });

  it("shows the API's field message under the amount, and its other refusals (such as the OJK limit) as an alert", async () => {
    const invest = vi
      .fn()
      .mockRejectedValueOnce(new ApiError("Data tidak valid.", 422, { amount: ["Saldo tersedia di rekening investasi Anda tidak mencukupi."] }))
      .mockRejectedValueOnce(new ApiError("Pendanaan melebihi batas OJK untuk penghasilan Anda.", 422));
    renderPage(fakeLenderApi({ invest }));
    const input = await screen.findByLabelText("Nominal pendanaan (Rp)");
    await userEvent.type(input, "2000000");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    expect(await screen.findByText("Saldo tersedia di rekening investasi Anda tidak mencukupi.")).toBeTruthy();
    expect(input.getAttribute("aria-describedby")).toContain("amount-error");
    await userEvent.click(screen.getByRole("button", { name: "Danai" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Pendanaan melebihi batas OJK untuk penghasilan Anda.");
    expect(invest.mock.calls[1]![1].idempotency_key).not.toBe(invest.mock.calls[0]![1].idempotency_key);
  });

  it("answers an application no longer open with the API's message", async () => {
    renderPage(fakeLenderApi({ application: vi.fn(async () => Promise.reject(new ApiError("Pengajuan tidak ditemukan.", 404))) }));
    expect((await screen.findByRole("alert")).textContent).toBe("Pengajuan tidak ditemukan.");
    expect(screen.queryByLabelText("Nominal pendanaan (Rp)")).toBeNull();
  });
});
