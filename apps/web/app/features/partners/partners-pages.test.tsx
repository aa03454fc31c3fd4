import type { PurchaseDetail } from "@pinjaman/contracts/partners";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSessionStore, type SessionStore } from "../session/session-store.ts";
import { ApiError } from "../shell/api-fetch.ts";
import { LeadFailure, PurchaseInvalid } from "./lead-failure.tsx";
import { LeadStart } from "./lead-start.tsx";
import { leadFailurePath } from "./partners-api.ts";
import { PurchasePage, type PurchaseApi } from "./purchase-page.tsx";

const ID = "2b0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f";
const PURCHASE: PurchaseDetail = {
  id: ID,
  merchant_name: "Toko Elektronik Jaya",
  item_name: "Ponsel Android 128 GB",
  product_name: "Pinjaman Cicilan",
  amount: 3_500_000,
  discount: 500_000,
  financed: 3_000_000,
  daily_rate_ppm: 3000,
  total_interest: 540_000,
  monthly_instalment: 590_000,
  term: 6,
  status: "open",
};

async function flush() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

function renderAt(path: string, element: React.ReactNode) {
  const Stub = createRoutesStub([
    { path, Component: () => <>{element}</> },
    { path: "/purchase/invalid", Component: () => <PurchaseInvalid /> },
    { path: "/leads/invalid", Component: () => <LeadFailure kind="invalid" /> },
    { path: "/leads/authError", Component: () => <LeadFailure kind="auth_error" /> },
    { path: "/leads/errors", Component: () => <LeadFailure kind="errors" /> },
    { path: "/profile", Component: () => <h1>Profil</h1> },
  ]);
  return render(<Stub initialEntries={[path.replace(":id", ID)]} />);
}

let store: SessionStore;
function signIn() {
  store.start({ authenticated: true, expiresAt: Date.now() + 3_600_000, authenticationId: "a1b2c3d4-0000-4000-8000-000000000001" });
}

beforeEach(() => {
  store = createSessionStore();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("PurchasePage", () => {
  it("shows product, amount, discount, interest, monthly instalment and tenor, and a signed-out visitor the login box and the register link", async () => {
    const api: PurchaseApi = { load: vi.fn(async () => PURCHASE), pay: vi.fn() };
    renderAt("/purchase/:id", <PurchasePage store={store} id={ID} api={api} loginBox={<form aria-label="Masuk untuk membayar" />} />);
    await flush();
    const detail = screen.getByRole("region", { name: "Rincian pembelian" });
    const row = (label: string) => within(detail).getByText(label).parentElement!.querySelector("dd")!.textContent;
    expect(row("Produk")).toBe("Pinjaman Cicilan");
    expect(row("Harga")).toBe("Rp 3.500.000");
    expect(row("Diskon")).toBe("Rp 500.000");
    expect(row("Jumlah pinjaman")).toBe("Rp 3.000.000");
    expect(row("Bunga")).toBe("Rp 540.000 (0,3%/hari)");
    expect(row("Cicilan per bulan")).toBe("Rp 590.000");
    expect(row("Tenor")).toBe("6 bulan");
    expect(screen.getByRole("form", { name: "Masuk untuk membayar" })).toBeTruthy();
    expect(screen.getByText("Belum punya akun?")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Daftar sekarang" }).getAttribute("href")).toMatch(/^\/sign-up\?flow=spl_onboarding/);
    expect(screen.queryByRole("button", { name: "Bayar dengan cicilan" })).toBeNull();
  });

  it("lets a signed-in customer pay after agreeing, then shows the application's status", async () => {
    signIn();
    const pay = vi.fn(async () => ({ purchase_id: ID, account_application_id: "3c0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f", status: "waiting_for_investment", rejection_reason: null }));
    renderAt("/purchase/:id", <PurchasePage store={store} id={ID} api={{ load: async () => PURCHASE, pay }} loginBox={<p>login</p>} />);
    await flush();
    expect(screen.queryByText("login")).toBeNull();
    const button = screen.getByRole("button", { name: "Bayar dengan cicilan" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Saya setuju membayar pembelian ini dengan cicilan sesuai rincian di atas"));
    fireEvent.click(button);
    await flush();
    expect(pay).toHaveBeenCalledWith(ID);
    expect(screen.getByRole("heading", { name: "Pembayaran diajukan" })).toBeTruthy();
    expect(screen.getByText(/Status pengajuan: MENUNGGU PENDANAAN/)).toBeTruthy();
  });

  it("shows the server's refusal of a payment in an alert", async () => {
    signIn();
    const pay = vi.fn(async () => {
      throw new ApiError("Lengkapi pendaftaran Anda terlebih dahulu untuk membayar dengan cicilan", 409, {}, "kyc_required");
    });
    renderAt("/purchase/:id", <PurchasePage store={store} id={ID} api={{ load: async () => PURCHASE, pay }} loginBox={null} />);
    await flush();
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Bayar dengan cicilan" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Lengkapi pendaftaran Anda terlebih dahulu untuk membayar dengan cicilan");
  });

  it("says a paid purchase is paid, without a payment form", async () => {
    signIn();
    renderAt("/purchase/:id", <PurchasePage store={store} id={ID} api={{ load: async () => ({ ...PURCHASE, status: "paid" }), pay: vi.fn() }} loginBox={null} />);
    await flush();
    expect(screen.getByText("Pembelian ini sudah dibayar.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Bayar dengan cicilan" })).toBeNull();
  });

  it("sends an unknown purchase to /purchase/invalid", async () => {
    renderAt("/purchase/:id", <PurchasePage store={store} id={ID} api={{ load: async () => "not_found", pay: vi.fn() }} loginBox={null} />);
    await flush();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Pembelian tidak ditemukan");
  });
});

describe("leads", () => {
  it("maps the server's refusals to the spec's failure pages", () => {
    expect(leadFailurePath(404)).toBe("/leads/invalid");
    expect(leadFailurePath(410)).toBe("/leads/invalid");
    expect(leadFailurePath(403)).toBe("/leads/authError");
    expect(leadFailurePath(409)).toBe("/leads/errors");
    expect(leadFailurePath(500)).toBe("/leads/errors");
    expect(leadFailurePath(null)).toBe("/leads/errors");
  });

  it("opens the lead once the session is known and hands its progress on", async () => {
    const open = vi.fn(async () => ({ flow_key: "installment_loan_chilimoney_subflow_lead_based", flow_progress_id: "4d0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f" }));
    renderAt("/leads/:id", <LeadStart store={store} id={ID} open={open}>{(lead) => <p>{`${lead.flowKey} ${lead.progressId}`}</p>}</LeadStart>);
    await flush();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toContain("Memuat");
    act(() => {
      store.start({ authenticated: false, expiresAt: null, authenticationId: null });
    });
    await flush();
    expect(open).toHaveBeenCalledWith(ID);
    expect(screen.getByText("installment_loan_chilimoney_subflow_lead_based 4d0c5a0e-8a1f-4c8e-9d1a-3f4b5c6d7e8f")).toBeTruthy();
  });

  it.each([
    [410, "Tautan tidak berlaku"],
    [403, "Masuk dengan akun yang benar"],
    [409, "Pengajuan belum dapat dilanjutkan"],
  ])("a lead refused with %i shows '%s'", async (status, title) => {
    store.start({ authenticated: false, expiresAt: null, authenticationId: null });
    const open = vi.fn(async () => {
      throw new ApiError("x", status);
    });
    renderAt("/leads/:id", <LeadStart store={store} id={ID} open={open}>{() => <p>flow</p>}</LeadStart>);
    await flush();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    expect(screen.getByRole("link", { name: "Kembali ke beranda" }).getAttribute("href")).toBe("/");
  });
});
