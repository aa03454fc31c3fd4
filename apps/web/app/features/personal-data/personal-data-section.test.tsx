import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { PersonalDataSection, type PersonalDataApi } from "./personal-data-section.tsx";

afterEach(cleanup);

function fakeApi(): PersonalDataApi {
  return {
    download: vi.fn(async () => ({ generated_at: "2026-11-24T10:00:00.000Z", sections: { customer: { name: "Budi" } } })),
    delete: vi.fn(async () => ({ id: "x", removed: ["Nama, e-mail, nomor telepon, dan kata sandi Anda dihapus."], kept: ["Catatan keuangan kami simpan karena diwajibkan OJK."] })),
    save: vi.fn(),
    leave: vi.fn(),
  };
}

describe("personal data on /profile", () => {
  it("downloads the data as a dated JSON file", async () => {
    const api = fakeApi();
    render(<PersonalDataSection api={api} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Unduh data saya (JSON)" }));
    expect(api.save).toHaveBeenCalledWith({ generated_at: "2026-11-24T10:00:00.000Z", sections: { customer: { name: "Budi" } } }, "data-pribadi-pinjaman-2026-11-24.json");
  });

  it("asks for the password in a dialog that says what is removed and kept, shows a wrong password, then what was done", async () => {
    const api = fakeApi();
    (api.delete as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new ApiError("Data yang dikirim belum benar.", 400, { password: ["Kata sandi salah."] }));
    render(<PersonalDataSection api={api} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Hapus data saya" }));
    const dialog = await screen.findByRole("dialog", { name: "Hapus data pribadi" });
    expect(within(dialog).getByText(/^Yang tetap kami simpan karena diwajibkan OJK dan undang-undang: catatan keuangan/)).toBeTruthy();
    const password = within(dialog).getByLabelText("Kata sandi Anda");
    expect(document.activeElement).toBe(password);
    await user.type(password, "salah");
    await user.click(within(dialog).getByRole("button", { name: "Hapus data saya" }));
    expect(await within(dialog).findByText("Kata sandi salah.")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");

    await user.clear(password);
    await user.type(password, "Pinjaman-Budi-2026");
    await user.click(within(dialog).getByRole("button", { name: "Hapus data saya" }));
    const done = await screen.findByRole("dialog", { name: "Data pribadi Anda sudah dihapus" });
    expect(within(done).getByText("Catatan keuangan kami simpan karena diwajibkan OJK.")).toBeTruthy();
    expect(api.delete).toHaveBeenLastCalledWith("Pinjaman-Budi-2026");
    await user.click(within(done).getByRole("button", { name: "Ke beranda" }));
    expect(api.leave).toHaveBeenCalled();
  });
});
