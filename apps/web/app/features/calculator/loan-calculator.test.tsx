import { LOAN_SETTINGS, rangeValues } from "@pinjaman/domain/loan-settings";
import { formatRupiah } from "@pinjaman/domain/money";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoanCalculator, toLoanValue, type LoanCalculatorProps } from "./loan-calculator.tsx";
import { testOffer } from "./test-offer.ts";

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderCalculator(props: Partial<LoanCalculatorProps> = {}) {
  return render(
    <MemoryRouter>
      <LoanCalculator
        productKey="spl"
        flowKey="spl_onboarding"
        initialSchedule={testOffer(1_500_000, 7)}
        debounceMs={5}
        {...props}
      />
    </MemoryRouter>,
  );
}

function sentBody(call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("toLoanValue", () => {
  const amounts = rangeValues(LOAN_SETTINGS.min_amount, LOAN_SETTINGS.max_amount, LOAN_SETTINGS.amount_step);
  const terms = rangeValues(LOAN_SETTINGS.min_term, LOAN_SETTINGS.max_term, LOAN_SETTINGS.term_step);

  it("truncates to a whole number before limiting", () => {
    expect(toLoanValue("7.9", terms)).toBe(7);
    expect(toLoanValue(12.99, terms)).toBe(12);
    expect(toLoanValue("1500000.9", amounts)).toBe(1_500_000);
  });

  it("limits to the allowed values", () => {
    expect(toLoanValue("0", terms)).toBe(1);
    expect(toLoanValue("99", terms)).toBe(12);
    expect(toLoanValue("25000000", amounts)).toBe(20_000_000);
    expect(toLoanValue("100", amounts)).toBe(500_000);
    expect(toLoanValue("1700000", amounts)).toBe(1_500_000);
    expect(toLoanValue("not a number", amounts)).toBe(500_000);
  });
});

describe("LoanCalculator", () => {
  it("shows the server's schedule in rupiah with its daily rate and instalments", () => {
    const offer = testOffer(1_500_000, 7);
    renderCalculator({ initialSchedule: offer });
    expect(screen.getByTestId("calculator-monthly").textContent).toBe(formatRupiah(offer.monthly_instalment));
    expect(screen.getByTestId("calculator-monthly").textContent).toMatch(/^Rp \d/);
    expect(screen.getByTestId("calculator-total").textContent).toBe("Rp 2.087.790");
    // Total interest: 7 months of 1 500 000 × 0,1866 % × 30 days (the 0,2 % cap fitted to a 28-day month).
    expect(screen.getByText("Total bunga").nextElementSibling?.textContent).toBe("Rp 587.790");
    expect(screen.getByText("Bunga", { selector: "dt" }).nextElementSibling?.textContent).toBe("0,1866%/hari");
    const table = screen.getByRole("table", { name: "Jadwal cicilan" });
    expect(table.querySelectorAll("tbody tr")).toHaveLength(7);
    expect(table.textContent).toContain("22 Des 2026");
    // The dates shown count from today; the borrower is told they follow the payout (decision 0003).
    expect(screen.getByText(/Jumlah cicilan tetap; tanggal jatuh tempo dihitung dari tanggal dana cair\./)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("renders the slider and the select list with the same values", () => {
    renderCalculator();
    const amountSlider = screen.getByRole("slider", { name: "Jumlah pinjaman" }) as HTMLInputElement;
    const amountSelect = screen.getByRole("combobox", { name: "Jumlah pinjaman" }) as HTMLSelectElement;
    const termSlider = screen.getByRole("slider", { name: "Tenor" }) as HTMLInputElement;
    const termSelect = screen.getByRole("combobox", { name: "Tenor" }) as HTMLSelectElement;

    expect(amountSlider.value).toBe("1500000");
    expect(amountSlider.getAttribute("aria-valuetext")).toBe("Rp 1.500.000");
    expect([amountSlider.min, amountSlider.max, amountSlider.step]).toEqual(["500000", "20000000", "500000"]);
    expect(amountSelect.value).toBe("1500000");
    expect(amountSelect.options).toHaveLength(40);
    expect(amountSelect.options[0]?.textContent).toBe("Rp 500.000");

    expect(termSlider.value).toBe("7");
    expect(termSlider.getAttribute("aria-valuetext")).toBe("7 bulan");
    expect(termSelect.value).toBe("7");
    expect(termSelect.options).toHaveLength(12);
  });

  it("clamps and truncates starting values that are off the grid", async () => {
    fetchMock.mockResolvedValue(json(200, { data: testOffer(2_000_000, 12) }));
    renderCalculator({
      initialSchedule: null,
      settings: { ...LOAN_SETTINGS, default_amount: 2_250_000.6, default_term: 15 },
    });
    expect((screen.getByRole("combobox", { name: "Jumlah pinjaman" }) as HTMLSelectElement).value).toBe("2000000");
    expect((screen.getByRole("slider", { name: "Tenor" }) as HTMLInputElement).value).toBe("12");
    // Without a server schedule it asks once after mounting.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toEqual({ data: { amount: 2_000_000, term: 12 } });
    await waitFor(() => expect(screen.getByTestId("calculator-total").textContent).toBe("Rp 3.343.520"));
  });

  it("posts the chosen amount and term and shows the answer", async () => {
    const answer = testOffer(3_000_000, 7);
    fetchMock.mockResolvedValue(json(200, { data: answer }));
    renderCalculator();

    fireEvent.change(screen.getByRole("combobox", { name: "Jumlah pinjaman" }), { target: { value: "3000000" } });
    expect((screen.getByRole("slider", { name: "Jumlah pinjaman" }) as HTMLInputElement).value).toBe("3000000");

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/pub_api/v1/open/products/spl/default_offer/schedule");
    expect(init?.method).toBe("POST");
    expect((init?.headers as Record<string, string>)["X-Locale"]).toBe("id");
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(sentBody()).toEqual({ data: { amount: 3_000_000, term: 7 } });

    await waitFor(() =>
      expect(screen.getByTestId("calculator-monthly").textContent).toBe(formatRupiah(answer.monthly_instalment)),
    );
    expect(screen.getByTestId("calculator-total").textContent).toBe(formatRupiah(answer.total_repayment));
    const apply = screen.getByRole("link", { name: "Ajukan Sekarang" });
    expect(apply.getAttribute("href")).toBe("/sign-up?flow=spl_onboarding&amount=3000000&term=7");
  });

  it("sends the slider's value, and only the last of quick changes", async () => {
    fetchMock.mockResolvedValue(json(200, { data: testOffer(1_500_000, 3, 3000) }));
    renderCalculator({ debounceMs: 30 });
    const term = screen.getByRole("slider", { name: "Tenor" });
    fireEvent.change(term, { target: { value: "5" } });
    fireEvent.change(term, { target: { value: "4" } });
    fireEvent.change(term, { target: { value: "3" } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toEqual({ data: { amount: 1_500_000, term: 3 } });
  });

  it("aborts a request that a newer change made stale", async () => {
    let firstSignal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce((_url, init) => {
      firstSignal = init?.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => {
        firstSignal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    });
    const latest = testOffer(1_500_000, 2, 3000);
    fetchMock.mockResolvedValueOnce(json(200, { data: latest }));
    renderCalculator({ debounceMs: 1 });
    const term = screen.getByRole("combobox", { name: "Tenor" });

    fireEvent.change(term, { target: { value: "9" } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.change(term, { target: { value: "2" } });
    expect(firstSignal?.aborted).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId("calculator-total").textContent).toBe(formatRupiah(latest.total_repayment)));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows field errors from a 400 joined with a comma under the field", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: "validation_failed",
          message: "Data yang dikirim belum benar.",
          fields: { amount: ["Jumlah pinjaman terlalu besar.", "Harus kelipatan Rp 500.000."] },
        },
      }),
    );
    renderCalculator();
    fireEvent.change(screen.getByRole("combobox", { name: "Jumlah pinjaman" }), { target: { value: "20000000" } });

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Jumlah pinjaman terlalu besar., Harus kelipatan Rp 500.000.");
    const select = screen.getByRole("combobox", { name: "Jumlah pinjaman" });
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(select.getAttribute("aria-describedby")).toBe(alert.id);
    expect(screen.getByTestId("calculator-monthly").textContent).toBe("–");
  });

  it("shows an OJK refusal (422) under the term", async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        error: { code: "validation_failed", message: "Ditolak", fields: { term: ["Total biaya melebihi 100% dari pokok."] } },
      }),
    );
    renderCalculator();
    fireEvent.change(screen.getByRole("combobox", { name: "Tenor" }), { target: { value: "12" } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Total biaya melebihi 100% dari pokok.");
    expect(screen.getByRole("slider", { name: "Tenor" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a general error when the call fails, and clears it on success", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: "internal", message: "Terjadi kesalahan pada server." } }));
    fetchMock.mockResolvedValueOnce(json(200, { data: testOffer(1_500_000, 6, 3000) }));
    renderCalculator();
    const term = screen.getByRole("combobox", { name: "Tenor" });
    fireEvent.change(term, { target: { value: "5" } });
    expect((await screen.findByRole("alert")).textContent).toBe("Terjadi kesalahan pada server.");
    fireEvent.change(term, { target: { value: "6" } });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByTestId("calculator-total").textContent).toBe("Rp 2.310.000");
  });

  it("cancels a pending call when it unmounts", async () => {
    fetchMock.mockResolvedValue(json(200, { data: testOffer(1_500_000, 7) }));
    const view = renderCalculator({ debounceMs: 20 });
    fireEvent.change(screen.getByRole("combobox", { name: "Tenor" }), { target: { value: "3" } });
    view.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 40)));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
