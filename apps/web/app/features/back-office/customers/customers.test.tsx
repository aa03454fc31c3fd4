import type { CustomerDetail } from "@pinjaman/contracts/customer-care";
import type { StaffMe } from "@pinjaman/contracts/staff";
import type { StaffPermission } from "@pinjaman/domain/staff";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../shell/api-fetch.ts";
import { StaffContext } from "../staff-context.tsx";
import { CustomerDetailPage } from "./customer-detail-page.tsx";
import { CustomersPage } from "./customers-page.tsx";
import type { customersApi } from "./customers-api.ts";

afterEach(cleanup);

const staff = (permissions: StaffPermission[]): StaffMe => ({ id: "9b2f1c1f-7d8e-4c53-9a34-0d3c8f7f2a11", name: "Agus Admin", email: "admin@pinjaman.test", roles: ["admin"], permissions });

const NINA: CustomerDetail = {
  id: "4f1b2c3d-1111-4222-8333-444455556666",
  name: "Nina Kartika",
  email: "nina@example.co.id",
  phone: "+6281299990001",
  created_at: "2026-01-02T03:04:05.000Z",
  roles: ["primary"],
  profile: { personal_code: "3273014506900001", full_name: "Nina Kartika", birth_date: "1990-06-05" },
  block: null,
  block_history: [],
  loan_accounts: [
    {
      id: "5f1b2c3d-1111-4222-8333-444455556666",
      status: "active",
      product_key: "spl",
      principal_balance: 3_000_000,
      created_at: "2026-01-03T00:00:00.000Z",
      applications: [{ id: "6f1b2c3d-1111-4222-8333-444455556666", type_key: "initial", status: "active", amount: 3_000_000, term: 180, created_at: "2026-01-03T00:00:00.000Z" }],
    },
  ],
  investment_accounts: [],
  active_devices: 2,
  deleted: false,
};

function fakeApi(overrides: Partial<typeof customersApi> = {}): typeof customersApi {
  return {
    search: vi.fn(async () => [{ id: NINA.id, name: NINA.name, email: NINA.email, phone: NINA.phone, personal_code: "3273014506900001", blocked: false, created_at: NINA.created_at }]),
    detail: vi.fn(async () => NINA),
    block: vi.fn(async () => ({ id: NINA.id, blocked: true, revoked_sessions: 2 })),
    sendNotice: vi.fn(async () => ({ id: "7f1b2c3d-1111-4222-8333-444455556666", pushed_devices: 2 })),
    personalData: vi.fn(async () => ({ generated_at: "2026-01-01T00:00:00.000Z", sections: {} })),
    ...overrides,
  };
}

function renderWith(element: React.ReactNode, permissions: StaffPermission[]) {
  const router = createMemoryRouter([{ path: "*", element: <StaffContext.Provider value={staff(permissions)}>{element}</StaffContext.Provider> }]);
  render(<RouterProvider router={router} />);
}

describe("back-office customers", () => {
  it("searches and links each result to its page; a short query shows the server's field message", async () => {
    const api = fakeApi();
    renderWith(<CustomersPage api={api} />, ["customers.read"]);
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Cari nama, e-mail, telepon, atau NIK" }), "nina");
    await user.click(screen.getByRole("button", { name: "Cari" }));
    const link = await screen.findByRole("link", { name: "Buka Nina Kartika" });
    expect(link.getAttribute("href")).toBe(`/back-office/customers/${NINA.id}`);
    expect(screen.getByText("3273014506900001")).toBeTruthy();
    expect(api.search).toHaveBeenCalledWith("nina");

    (api.search as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new ApiError("Data yang dikirim belum benar.", 400, { q: ["Minimal 3 karakter"] }));
    await user.click(screen.getByRole("button", { name: "Cari" }));
    expect(await screen.findByText("Minimal 3 karakter")).toBeTruthy();
    expect(screen.getByRole("searchbox").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the customer and blocks with a reason in a dialog that keeps focus; the reason's error is shown under it", async () => {
    const blocked = { ...NINA, block: { reason: "Dugaan penipuan identitas", blocked_at: "2026-02-01T01:00:00.000Z", blocked_by: "x", unblocked_at: null, unblock_reason: null, unblocked_by: null } };
    const api = fakeApi();
    (api.detail as ReturnType<typeof vi.fn>).mockResolvedValueOnce(NINA).mockResolvedValueOnce(blocked);
    (api.block as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new ApiError("Data yang dikirim belum benar.", 400, { reason: ["Minimal 5 karakter"] }));
    renderWith(<CustomerDetailPage customerId={NINA.id} api={api} />, ["customers.read", "customers.block", "notices.send"]);
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Nina Kartika" })).toBeTruthy();
    expect(screen.getByText("Pinjaman Aktif · pokok tersisa Rp 3.000.000")).toBeTruthy();
    expect(screen.getByText("Tidak diblokir")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Blokir nasabah" }));
    const dialog = await screen.findByRole("dialog", { name: "Blokir Nina Kartika" });
    const reason = within(dialog).getByRole("textbox", { name: "Alasan" });
    expect(document.activeElement).toBe(reason);
    await user.type(reason, "x");
    await user.click(within(dialog).getByRole("button", { name: "Blokir" }));
    expect(await within(dialog).findByText("Minimal 5 karakter")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");

    await user.clear(reason);
    await user.type(reason, "Dugaan penipuan identitas");
    await user.click(within(dialog).getByRole("button", { name: "Blokir" }));
    expect(await screen.findByText("Nasabah diblokir. 2 sesi diakhiri.")).toBeTruthy();
    expect(api.block).toHaveBeenLastCalledWith(NINA.id, "block", "Dugaan penipuan identitas");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByRole("button", { name: "Buka blokir" })).toBeTruthy();
    expect(screen.getByText(/Alasan: Dugaan penipuan identitas/)).toBeTruthy();
  });

  it("hides block and notice from an operator without those permissions, and sends a notice when allowed", async () => {
    renderWith(<CustomerDetailPage customerId={NINA.id} api={fakeApi()} />, ["customers.read"]);
    await screen.findByRole("heading", { level: 1, name: "Nina Kartika" });
    expect(screen.queryByRole("button", { name: "Blokir nasabah" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Kirim pemberitahuan" })).toBeNull();
    cleanup();

    const api = fakeApi();
    renderWith(<CustomerDetailPage customerId={NINA.id} api={api} />, ["customers.read", "notices.send"]);
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Nina Kartika" });
    await user.type(screen.getByRole("textbox", { name: "Judul" }), "Jadwal pemeliharaan");
    await user.type(screen.getByRole("textbox", { name: "Isi pemberitahuan" }), "Layanan tidak tersedia Minggu dini hari.");
    await user.click(screen.getByRole("button", { name: "Kirim pemberitahuan" }));
    expect(await screen.findByText("Pemberitahuan terkirim dan didorong ke 2 perangkat.")).toBeTruthy();
    expect(api.sendNotice).toHaveBeenCalledWith(NINA.id, "Jadwal pemeliharaan", "Layanan tidak tersedia Minggu dini hari.");
  });
});
