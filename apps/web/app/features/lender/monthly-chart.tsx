import type { InvestmentStatistics } from "@pinjaman/contracts/investment-reads";
import { t } from "@pinjaman/i18n";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { monthLabel } from "./month-label.ts";
import "@pinjaman/i18n/ns/investments";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/**
 * The monthly cash flows as grouped bars (Chart.js, tree-shaken to the bar chart). Loaded lazily
 * by the statistics panel only: no other page carries it. Drawn on a canvas the screen reader
 * skips; the panel's table beside it holds the same figures.
 */
export default function MonthlyChart({ monthly }: { monthly: InvestmentStatistics["monthly"] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const styles = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: {
        labels: monthly.map((m) => monthLabel(m.month)),
        datasets: [
          { label: t("investments.account.col_invested"), data: monthly.map((m) => m.invested), backgroundColor: color("--primary", "#0b6e4f") },
          { label: t("investments.account.col_principal"), data: monthly.map((m) => m.principal), backgroundColor: color("--muted", "#6b7280") },
          { label: t("investments.account.col_net_interest"), data: monthly.map((m) => m.net_interest), backgroundColor: "#d4a017" },
        ],
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: "bottom" } } },
    });
    return () => chart.destroy();
  }, [monthly]);
  return (
    <div className="lender-chart" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}
