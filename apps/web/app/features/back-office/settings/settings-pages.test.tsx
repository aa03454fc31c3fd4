import type { BackOfficeProduct } from "@pinjaman/contracts/back-office-settings";
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../shell/api-fetch.ts";
import { ApiKeysPage } from "./api-keys-page.tsx";
import { AuditPage } from "./audit-page.tsx";
import { CompanyPage } from "./company-page.tsx";
import { ProductsPage } from "./products-page.tsx";
import type { SettingsApi } from "./settings-api.ts";

afterEach(cleanup);

const PRICE = {
  daily_rate_ppm: 3000,
  upfront_fee_ppm: 0,
  min_amount: 500_000,
  max_amount: 20_000_000,
  amount_step: 500_000,
  default_amount: 500_000,
  min_term: 1,
  max_term: 12,
  term_step: 1,
  default_term: 7,
  active: true,
};
const SPL: BackOfficeProduct = {
  key: "spl",
  name: "Pinjaman Cicilan",
  variant: "default",
  loan_type: "consumptive",
  current: {
    ...PRICE,
    version: 1,
    effective_from: "2026-11-01T00:00:00.000Z",
    staff_id: null,
    reason: null,
  },
  history: [
    {
      ...PRICE,
      version: 1,
      effective_from: "2026-11-01T00:00:00.000Z",
      staff_id: null,
      reason: null,
    },
  ],
};

function fakeApi(overrides: Partial<SettingsApi> = {}): SettingsApi {
  const fail = async () => {
    throw new Error("not expected");
  };
  return {
    products: vi.fn(async () => [SPL]),
    changePricing: vi.fn(async (_key, values, reason) => ({
      ...SPL,
      current: { ...SPL.current, ...values, version: 2, reason },
    })),
    companySettings: vi.fn(fail),
    saveCompanySettings: vi.fn(fail),
    apiKeys: vi.fn(async () => []),
    createApiKey: vi.fn(fail),
    revokeApiKey: vi.fn(fail),
    tkbHistory: vi.fn(fail),
    takeTkbSnapshot: vi.fn(fail),
    auditLog: vi.fn(async () => ({
      data: [],
      meta: { page: 1, has_more: false },
    })),
    ...overrides,
  } as SettingsApi;
}

describe("ProductsPage", () => {
  it("refuses a rate above the OJK cap in the form, with the server's words, without calling the server", async () => {
    const api = fakeApi();
    render(<ProductsPage api={api} />);
    const form = await screen.findByRole("form", { name: "Pinjaman Cicilan" });
    const rate = within(form).getByLabelText(
      "Bunga harian (% per hari, misalnya 0,3)",
    );
    await userEvent.clear(rate);
    await userEvent.type(rate, "0,35");
    await userEvent.type(
      within(form).getByLabelText("Alasan perubahan"),
      "Naik harga",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Simpan" }));
    expect(
      await screen.findByText(
        "Bunga 0,35%/hari melebihi batas maksimum OJK 0,3%/hari.",
      ),
    ).toBeTruthy();
    expect(rate.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe(
      "Permintaan gagal. Periksa isian dan coba lagi.",
    );
    expect(api.changePricing).not.toHaveBeenCalled();
  });

  it("sends a valid price list as numbers with the reason and says it was saved", async () => {
    const api = fakeApi();
    render(<ProductsPage api={api} />);
    const form = await screen.findByRole("form", { name: "Pinjaman Cicilan" });
    const rate = within(form).getByLabelText(
      "Bunga harian (% per hari, misalnya 0,3)",
    );
    expect((rate as HTMLInputElement).value).toBe("0,3");
    expect(
      (within(form).getByLabelText("Jumlah maksimum (Rp)") as HTMLInputElement)
        .value,
    ).toBe("20.000.000");
    await userEvent.clear(rate);
    await userEvent.type(rate, "0,25");
    const max = within(form).getByLabelText("Jumlah maksimum (Rp)");
    await userEvent.clear(max);
    await userEvent.type(max, "Rp 1.500.000");
    await userEvent.click(within(form).getByLabelText("Produk ditawarkan"));
    await userEvent.type(
      within(form).getByLabelText("Alasan perubahan"),
      "Promo akhir tahun",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Simpan" }));
    await waitFor(() =>
      expect(api.changePricing).toHaveBeenCalledWith(
        "spl",
        {
          ...PRICE,
          daily_rate_ppm: 2500,
          max_amount: 1_500_000,
          active: false,
        },
        "Promo akhir tahun",
      ),
    );
    expect((await screen.findByRole("status")).textContent).toBe(
      "Perubahan disimpan.",
    );
  });

  it("refuses an amount or a rate it cannot read, naming the format, without calling the server", async () => {
    const api = fakeApi();
    render(<ProductsPage api={api} />);
    const form = await screen.findByRole("form", { name: "Pinjaman Cicilan" });
    const max = within(form).getByLabelText("Jumlah maksimum (Rp)");
    await userEvent.clear(max);
    await userEvent.type(max, "1.5");
    const rate = within(form).getByLabelText(
      "Bunga harian (% per hari, misalnya 0,3)",
    );
    await userEvent.clear(rate);
    await userEvent.type(rate, "0,3%%");
    await userEvent.type(
      within(form).getByLabelText("Alasan perubahan"),
      "Salah ketik",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Simpan" }));
    expect(
      await within(form).findByText(
        "Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000.",
      ),
    ).toBeTruthy();
    expect(
      within(form).getByText(
        "Tulis persen dengan koma, misalnya 0,3 (paling banyak 4 angka di belakang koma).",
      ),
    ).toBeTruthy();
    expect(max.getAttribute("aria-invalid")).toBe("true");
    expect(api.changePricing).not.toHaveBeenCalled();
  });

  it("shows the server's field messages under their fields", async () => {
    const api = fakeApi({
      changePricing: vi.fn(async () => {
        throw new ApiError("Data tidak valid.", 422, {
          upfront_fee_ppm: ["Tenor 1 bulan melanggar batas OJK: biaya"],
        });
      }),
    });
    render(<ProductsPage api={api} />);
    const form = await screen.findByRole("form", { name: "Pinjaman Cicilan" });
    await userEvent.type(
      within(form).getByLabelText("Alasan perubahan"),
      "Uji server",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Simpan" }));
    expect(
      await screen.findByText("Tenor 1 bulan melanggar batas OJK: biaya"),
    ).toBeTruthy();
    expect(
      within(form)
        .getByLabelText("Biaya di muka (% dari pokok)")
        .getAttribute("aria-invalid"),
    ).toBe("true");
  });
});

describe("CompanyPage", () => {
  it("checks the platform settings with the shared rule before sending", async () => {
    const settings = {
      company: {
        name: "PT Pinjaman",
        email: "halo@pinjaman.co.id",
        phone: "+62 21 1",
        address: "Jakarta Selatan",
        facebook_page_url: "https://f.id",
        linked_in_page_url: "https://l.id",
        instagram_page_url: "https://i.id",
        app_store_url: "https://a.id",
      },
      platform: {
        platform_fee_ppm: 100_000,
        funding_period_days: 14,
        autoinvest_share_ppm: 800_000,
      },
    };
    const api = fakeApi({
      companySettings: vi.fn(async () => settings),
      saveCompanySettings: vi.fn(async (s) => s),
    });
    render(<CompanyPage api={api} />);
    const days = await screen.findByLabelText("Batas waktu pendanaan (hari)");
    await userEvent.clear(days);
    await userEvent.type(days, "0");
    await userEvent.type(screen.getByLabelText("Alasan perubahan"), "Percepat");
    await userEvent.click(screen.getByRole("button", { name: "Simpan" }));
    expect(await screen.findByText("Harus antara 1 dan 60.")).toBeTruthy();
    expect(api.saveCompanySettings).not.toHaveBeenCalled();
    await userEvent.clear(days);
    await userEvent.type(days, "10");
    const fee = screen.getByLabelText(
      "Biaya platform dari bunga pemberi dana (%)",
    );
    expect((fee as HTMLInputElement).value).toBe("10");
    await userEvent.clear(fee);
    await userEvent.type(fee, "12,5");
    await userEvent.click(screen.getByRole("button", { name: "Simpan" }));
    await waitFor(() =>
      expect(api.saveCompanySettings).toHaveBeenCalledWith(
        {
          company: settings.company,
          platform: {
            ...settings.platform,
            platform_fee_ppm: 125_000,
            funding_period_days: 10,
          },
        },
        "Percepat",
      ),
    );
  });
});

describe("ApiKeysPage", () => {
  it("names the scopes of the keys in Indonesian", async () => {
    const api = fakeApi({
      apiKeys: vi.fn(async () => [
        {
          id: "5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          name: "Laporan mitra",
          prefix: "pjk_ZyXwVuTs",
          scopes: ["customer_list" as const, "lender_dashboard" as const],
          created_at: "2026-11-20T10:00:00.000Z",
          revoked_at: null,
          last_used_at: null,
        },
      ]),
    });
    render(<ApiKeysPage api={api} />);
    expect(
      await screen.findByText(/Daftar nasabah, Dasbor pemberi dana/),
    ).toBeTruthy();
    expect(screen.getByLabelText("Rincian nasabah")).toBeTruthy();
    expect(screen.queryByText(/customer_list/)).toBeNull();
  });

  it("needs a name and a scope, then shows the new key once", async () => {
    const api = fakeApi({
      createApiKey: vi.fn(async (name: string, scopes: string[]) => ({
        id: "3f0e8a52-8d8e-4c1a-9a1b-2b7b9b0c1d2e",
        name,
        prefix: "pjk_AbCdEfGh",
        scopes: scopes as ["tkb"],
        created_at: "2026-11-24T10:00:00.000Z",
        revoked_at: null,
        last_used_at: null,
        key: "pjk_AbCdEfGhSecretSecretSecretSecretSecretSecret1",
      })),
    });
    render(<ApiKeysPage api={api} />);
    await userEvent.click(screen.getByRole("button", { name: "Buat kunci" }));
    expect(screen.getByText("Nama 1–80 karakter.")).toBeTruthy();
    expect(screen.getByText("Pilih minimal satu cakupan.")).toBeTruthy();
    expect(api.createApiKey).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText("Nama kunci"), "Mitra TKB");
    await userEvent.click(screen.getByLabelText("Tingkat keberhasilan (TKB)"));
    await userEvent.click(screen.getByRole("button", { name: "Buat kunci" }));
    expect(
      await screen.findByText(
        "pjk_AbCdEfGhSecretSecretSecretSecretSecretSecret1",
      ),
    ).toBeTruthy();
    expect(api.createApiKey).toHaveBeenCalledWith("Mitra TKB", ["tkb"]);
  });
});

describe("AuditPage", () => {
  it("names each action in Indonesian beside its code, an unknown code as it is", async () => {
    const entry = {
      at: "2026-11-24T09:00:00.000Z",
      actor_id: null,
      actor_name: "Sari Nasabah",
      permission: null,
      subject_type: null,
      subject_id: null,
      before: null,
      after: null,
      reason: null,
      ip: null,
      request_id: null,
    };
    const api = fakeApi({
      auditLog: vi.fn(async () => ({
        data: [
          { ...entry, id: "customer:1", source: "customer" as const, action: "login_succeeded" },
          { ...entry, id: "staff:2", source: "staff" as const, action: "application.kyc_read" },
          { ...entry, id: "staff:3", source: "staff" as const, action: "legacy.cleanup" },
        ],
        meta: { page: 1, has_more: false },
      })),
    });
    render(<AuditPage api={api} />);
    const list = await screen.findByRole("list", { name: "Log audit" });
    await within(list).findByText("Masuk berhasil");
    const names = within(list)
      .getAllByRole("listitem")
      .map((item) => [item.querySelector("strong")?.textContent, item.querySelector("code")?.textContent]);
    expect(names).toEqual([
      ["Masuk berhasil", "login_succeeded"],
      ["Data KYC pengajuan dibuka", "application.kyc_read"],
      ["legacy.cleanup", "legacy.cleanup"],
    ]);
  });

  it("searches with the filters given and shows the server's field messages", async () => {
    const api = fakeApi({
      auditLog: vi.fn(async (query: Record<string, string>) => {
        if (query.staff_id === "abc")
          throw new ApiError("Data tidak valid.", 400, {
            staff_id: ["Harus ID yang valid."],
          });
        return {
          data: [
            {
              id: "staff:1",
              source: "staff" as const,
              at: "2026-11-24T09:00:00.000Z",
              actor_id: "9b2f1c1f-7d8e-4c53-9a34-0d3c8f7f2a11",
              actor_name: "Agus Admin",
              action: "product_pricing.change",
              permission: "products.manage",
              subject_type: "product",
              subject_id: "spl",
              before: { daily_rate_ppm: 3000 },
              after: { daily_rate_ppm: 2500 },
              reason: "Promo",
              ip: "127.0.0.1",
              request_id: "req-1",
            },
          ],
          meta: { page: 1, has_more: false },
        };
      }),
    });
    render(<AuditPage api={api} />);
    expect(await screen.findByText("Harga produk diubah")).toBeTruthy();
    expect(screen.getByText("product_pricing.change")).toBeTruthy();
    expect(screen.getByText(/Agus Admin/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("ID staf"), "abc");
    await userEvent.type(screen.getByLabelText("Tindakan"), "pricing");
    await userEvent.click(screen.getByRole("button", { name: "Cari" }));
    expect(await screen.findByText("Harus ID yang valid.")).toBeTruthy();
    expect(api.auditLog).toHaveBeenLastCalledWith(
      expect.objectContaining({
        staff_id: "abc",
        action: "pricing",
        page: "1",
      }),
    );
  });
});
