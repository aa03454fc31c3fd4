import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AutoinvestSection } from "./autoinvest-section.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = "8a6f1c1e-0000-4000-8000-000000000001";
const RULES = {
  enabled: false,
  amount_per_loan: 500_000,
  tenor_min_months: 1,
  tenor_max_months: 12,
  risk_grades: ["A", "B", "C"],
  product_keys: [],
  max_per_borrower: 2_000_000,
  reserve: 0,
  updated_at: null,
};

function stubFetch(answers: { status: number; body: unknown }[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = answers.shift();
    if (!answer) throw new Error("unexpected call");
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const PRODUCTS = [
  { key: "payroll", name: "Pinjaman Gaji" },
  { key: "spl", name: "Pinjaman Cicilan" },
];

const field = (name: string) => screen.getByRole("textbox", { name });

describe("the autoinvest section", () => {
  it("shows the account's rules and saves the changed ones, by keyboard", async () => {
    const saved = { ...RULES, enabled: true, amount_per_loan: 300_000, risk_grades: ["A", "B", "C", "D"], product_keys: ["spl"], reserve: 1_500_000, updated_at: "2026-11-24T06:00:00.000Z" };
    const fetchMock = stubFetch([
      { status: 200, body: { data: { autoinvest: RULES, products: PRODUCTS } } },
      { status: 200, body: { data: { autoinvest: saved, products: PRODUCTS } } },
    ]);
    const user = userEvent.setup();
    render(<AutoinvestSection accountId={ACCOUNT} />);
    expect(((await screen.findByRole("textbox", { name: "Nominal per pinjaman (Rp)" })) as HTMLInputElement).value).toBe("500000");
    expect(fetchMock.mock.calls[0]![0]).toBe(`/app_api/v1/accounts/${ACCOUNT}/investments/setup`);

    screen.getByRole("checkbox", { name: "Aktifkan autoinvest" }).focus();
    await user.keyboard(" ");
    await user.clear(field("Nominal per pinjaman (Rp)"));
    await user.type(field("Nominal per pinjaman (Rp)"), "300.000");
    screen.getByRole("checkbox", { name: "Tingkat D" }).focus();
    await user.keyboard(" ");
    expect(screen.getByText("Tidak memilih produk berarti semua produk.")).toBeTruthy();
    screen.getByRole("checkbox", { name: "Pinjaman Cicilan" }).focus();
    await user.keyboard(" ");
    await user.clear(field("Saldo cadangan yang tidak disentuh (Rp)"));
    await user.type(field("Saldo cadangan yang tidak disentuh (Rp)"), "Rp 1.500.000{Enter}");

    expect(await screen.findByText("Aturan autoinvest tersimpan.")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect([url, init?.method]).toEqual([`/app_api/v1/accounts/${ACCOUNT}/investments/setup`, "PATCH"]);
    const { updated_at: _, ...sent } = saved;
    expect(JSON.parse(String(init?.body))).toEqual({ data: { autoinvest: sent } });
  });

  it("refuses what is no number without calling the server, and focuses the field", async () => {
    const fetchMock = stubFetch([{ status: 200, body: { data: { autoinvest: RULES, products: PRODUCTS } } }]);
    const user = userEvent.setup();
    render(<AutoinvestSection accountId={ACCOUNT} />);
    await screen.findByRole("textbox", { name: "Nominal per pinjaman (Rp)" });
    const tenor = field("Tenor maksimum (bulan)");
    await user.clear(tenor);
    await user.type(tenor, "12.5");
    const reserve = field("Saldo cadangan yang tidak disentuh (Rp)");
    await user.clear(reserve);
    await user.type(reserve, "1.5");
    await user.click(screen.getByRole("button", { name: "Simpan aturan" }));
    expect(screen.getByText("Masukkan angka bulat")).toBeTruthy();
    expect(screen.getByText("Tulis jumlah rupiah tanpa sen, misalnya 1.500.000 atau Rp 1.500.000.")).toBeTruthy();
    expect(tenor.getAttribute("aria-invalid")).toBe("true");
    expect(reserve.getAttribute("aria-invalid")).toBe("true");
    expect(reserve.getAttribute("aria-describedby")).toContain("-error");
    expect(document.activeElement).toBe(tenor);
    expect(screen.getByRole("alert").textContent).toBe("Aturan belum tersimpan. Periksa isian yang ditandai.");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("puts the server's field messages under their fields (grades by item too) and focuses the first", async () => {
    stubFetch([
      { status: 200, body: { data: { autoinvest: RULES, products: PRODUCTS } } },
      {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Data tidak valid",
            fields: {
              "autoinvest.amount_per_loan": ["Harus kelipatan 100000"],
              "autoinvest.tenor_max_months": ["Tenor maksimum tidak boleh kurang dari tenor minimum"],
              "autoinvest.risk_grades": ["Minimal 1"],
            },
          },
        },
      },
    ]);
    const user = userEvent.setup();
    render(<AutoinvestSection accountId={ACCOUNT} />);
    await screen.findByRole("textbox", { name: "Nominal per pinjaman (Rp)" });
    await user.clear(field("Nominal per pinjaman (Rp)"));
    await user.type(field("Nominal per pinjaman (Rp)"), "150000");
    for (const grade of ["A", "B", "C"]) await user.click(screen.getByRole("checkbox", { name: `Tingkat ${grade}` }));
    await user.click(screen.getByRole("button", { name: "Simpan aturan" }));

    expect(await screen.findByText("Harus kelipatan 100000")).toBeTruthy();
    expect(screen.getByText("Tenor maksimum tidak boleh kurang dari tenor minimum")).toBeTruthy();
    expect(screen.getByText("Minimal 1")).toBeTruthy();
    const amount = field("Nominal per pinjaman (Rp)");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(field("Tenor maksimum (bulan)").getAttribute("aria-describedby")).toContain("-error");
    expect(document.activeElement).toBe(amount);
  });

  it("shows the server's refusal under the field it names", async () => {
    stubFetch([
      { status: 200, body: { data: { autoinvest: RULES, products: PRODUCTS } } },
      { status: 422, body: { error: { code: "validation_failed", message: "Data tidak valid", fields: { product_keys: ["Produk tidak dikenal: xyz"] } } } },
    ]);
    const user = userEvent.setup();
    render(<AutoinvestSection accountId={ACCOUNT} />);
    const first = await screen.findByRole("checkbox", { name: "Pinjaman Gaji" });
    await user.click(first);
    await user.click(screen.getByRole("button", { name: "Simpan aturan" }));
    expect(await screen.findByText("Produk tidak dikenal: xyz")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Produk" }).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(first);
  });

  it("says so when the rules cannot be loaded", async () => {
    stubFetch([{ status: 404, body: { error: { code: "account_not_found", message: "Rekening investasi tidak ditemukan." } } }]);
    render(<AutoinvestSection accountId={ACCOUNT} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Aturan autoinvest tidak dapat dimuat. Coba lagi nanti.");
    expect(screen.queryByRole("form")).toBeNull();
  });
});
