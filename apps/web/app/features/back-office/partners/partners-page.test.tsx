import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../shell/api-fetch.ts";
import { PartnersPage, type PartnerRow } from "./partners-page.tsx";

const PARTNER: PartnerRow = {
  id: "5e0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f",
  name: "Toko Sandbox",
  legal_name: "PT Toko Sandbox Indonesia",
  contact_email: "mitra@pinjaman.test",
  callback_url: "https://mitra.example/hook",
  settlement_account: { bank_code: "bca", account_number: "8800112233", account_name: "PT Toko Sandbox Indonesia" },
  branches: [{ id: "6e0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f", name: "Gerai Bandung", city: "Bandung" }],
  key_prefixes: ["pjp_abcdefgh"],
  created_at: "2026-11-24T10:00:00.000Z",
};

afterEach(cleanup);

async function flush() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

describe("PartnersPage", () => {
  it("lists partners with branches and key prefixes, links the creation flows, and shows a new key once", async () => {
    const issueKey = vi.fn(async () => ({ partner_id: PARTNER.id, api_key: "pjp_NEWKEY123", prefix: "pjp_NEWKEY12", callback_secret: "rahasia-callback" }));
    const Stub = createRoutesStub([{ path: "/back-office/partners", Component: () => <PartnersPage api={{ list: async () => [PARTNER], issueKey, saveSettlement: vi.fn() }} /> }]);
    render(<Stub initialEntries={["/back-office/partners"]} />);
    await flush();
    const card = screen.getByRole("article", { name: "Toko Sandbox" });
    expect(card.textContent).toContain("Gerai Bandung (Bandung)");
    expect(card.textContent).toContain("pjp_abcdefgh…");
    expect(card.textContent).toContain("BCA 8800112233 a.n. PT Toko Sandbox Indonesia");
    expect(screen.getByRole("link", { name: "Tambah mitra" }).getAttribute("href")).toBe("/flows/hayman_s_partners_creation");
    expect(screen.getByRole("link", { name: "Tambah cabang" }).getAttribute("href")).toBe("/flows/hayman_s_partners_creation_branch");
    fireEvent.click(within(card).getByRole("button", { name: "Buat kunci API baru" }));
    await flush();
    expect(issueKey).toHaveBeenCalledWith(PARTNER.id);
    const shown = screen.getByRole("status", { name: "Kunci API" });
    expect(shown.textContent).toContain("pjp_NEWKEY123");
    expect(shown.textContent).toContain("rahasia-callback");
  });

  it("sets a partner's settlement account in a dialog: the bank step's rules refuse first, the server's field messages land under the fields", async () => {
    const bare: PartnerRow = { ...PARTNER, settlement_account: null };
    let listed = bare;
    const saveSettlement = vi
      .fn()
      .mockRejectedValueOnce(new ApiError("Data yang dikirim belum benar.", 400, { account_name: ["Nama pemilik rekening hanya berisi huruf, minimal 3 karakter."] }))
      .mockImplementationOnce(async (_id: string, body: { data: { bank_code: "bni"; account_number: string; account_name: string } }) => {
        listed = { ...bare, settlement_account: body.data };
        return listed;
      });
    const Stub = createRoutesStub([{ path: "/back-office/partners", Component: () => <PartnersPage api={{ list: async () => [listed], issueKey: vi.fn(), saveSettlement }} /> }]);
    render(<Stub initialEntries={["/back-office/partners"]} />);
    await flush();
    const card = screen.getByRole("article", { name: "Toko Sandbox" });
    expect(card.textContent).toContain("Belum ada: pembelian mitra ini ditolak sampai rekening diisi");
    fireEvent.click(within(card).getByRole("button", { name: "Isi rekening penerima dana" }));
    const dialog = screen.getByRole("dialog", { name: "Rekening penerima dana Toko Sandbox" });
    const number = within(dialog).getByLabelText("Nomor rekening penerima dana");
    fireEvent.change(number, { target: { value: "12" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Simpan rekening" }));
    await flush();
    expect(saveSettlement).not.toHaveBeenCalled();
    expect(within(dialog).getByText("Pilih bank dari daftar")).toBeTruthy();
    expect(within(dialog).getByText("Nomor rekening harus 6 sampai 20 angka.")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Bank rekening penerima dana"));

    fireEvent.change(within(dialog).getByLabelText("Bank rekening penerima dana"), { target: { value: "bni" } });
    fireEvent.change(number, { target: { value: "0099 8877 66" } });
    fireEvent.change(within(dialog).getByLabelText("Nama pemilik rekening penerima dana"), { target: { value: "PT Toko Sandbox" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Simpan rekening" }));
    await flush();
    expect(within(dialog).getByText("Nama pemilik rekening hanya berisi huruf, minimal 3 karakter.")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Nama pemilik rekening penerima dana"));

    fireEvent.click(within(dialog).getByRole("button", { name: "Simpan rekening" }));
    await flush();
    expect(saveSettlement).toHaveBeenLastCalledWith(PARTNER.id, { data: { bank_code: "bni", account_number: "0099 8877 66", account_name: "PT Toko Sandbox" } });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Rekening penerima dana Toko Sandbox tersimpan.");
    expect(screen.getByRole("article", { name: "Toko Sandbox" }).textContent).toContain("BNI 0099 8877 66 a.n. PT Toko Sandbox");
  });
});
