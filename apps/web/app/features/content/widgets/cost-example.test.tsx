import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { offerRate } from "@pinjaman/domain/ojk-guard";
import { buildSchedule } from "@pinjaman/domain/schedule";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CostExample, costExamples } from "./cost-example.tsx";

afterEach(cleanup);

const TODAY = "2026-11-22";

describe("CostExample", () => {
  it("shows exactly buildSchedule's numbers at the OJK-capped rate of each tenor", () => {
    render(<CostExample loanType="consumptive" productRatePpm={3000} today={TODAY} />);
    for (const term of [3, 6, 12]) {
      const rate = offerRate("consumptive", term, 3000, TODAY);
      const expected = buildSchedule({ principal: 5_000_000, dailyRatePpm: rate, termMonths: term, startDate: TODAY });
      const card = within(screen.getByTestId(`cost-example-${term}`));
      expect(card.getByRole("heading", { level: 3 }).textContent).toBe(`Tenor ${term} bulan`);
      expect(card.getByText(formatRupiah(5_000_000))).toBeTruthy();
      expect(card.getByText(formatDailyRate(rate))).toBeTruthy();
      expect(card.getByTestId("cost-example-interest").textContent).toBe(formatRupiah(expected.totalInterest));
      expect(card.getByTestId("cost-example-total").textContent).toBe(formatRupiah(expected.totalRepayment));
      expect(card.getByTestId("cost-example-monthly").textContent).toContain(formatRupiah(expected.instalments[0]!.amount));
    }
    // The caps fitted to a 28-day month (decision 0003): 0,28 % a day up to 6 months, 0,1866 % beyond.
    expect(within(screen.getByTestId("cost-example-3")).getByText("0,28%/hari")).toBeTruthy();
    expect(within(screen.getByTestId("cost-example-12")).getByText("0,1866%/hari")).toBeTruthy();
    // 12 months of 5 000 000 × 0,1866 % × 30 days.
    expect(within(screen.getByTestId("cost-example-12")).getByTestId("cost-example-interest").textContent).toBe("Rp 3.358.800");
    expect(screen.getByText(/tidak pernah melebihi 100% dari pokok pinjaman/)).toBeTruthy();
  });

  it("names the last instalment when it carries the remainder", () => {
    render(<CostExample loanType="consumptive" productRatePpm={3000} today={TODAY} terms={[3]} />);
    // 5 000 000 + 3 × 420 000 over 3 months: 2 086 666, 2 086 666, 2 086 668.
    expect(screen.getByTestId("cost-example-monthly").textContent).toBe("Rp 2.086.666 (cicilan terakhir Rp 2.086.668)");
  });

  it("prices a productive loan at its own rate, fitted to a 28-day month", () => {
    const [twelve] = costExamples({ loanType: "productive", productRatePpm: 1000, today: TODAY, terms: [12] });
    expect(twelve?.dailyRatePpm).toBe(933);
    render(<CostExample loanType="productive" productRatePpm={1000} today={TODAY} />);
    expect(screen.getAllByText("0,0933%/hari")).toHaveLength(3);
  });
});
