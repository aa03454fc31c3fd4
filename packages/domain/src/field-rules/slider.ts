import { formatTerm } from "../dates.ts";
import { formatRupiah } from "../money.ts";

export type SliderUnit = "rupiah" | "bulan" | "hari";

/**
 * Spec section 5: slider values are whole numbers (truncated) limited to rangeValues.
 * The raw value is truncated toward zero, then clamped to the smallest and largest allowed
 * value; a value between two allowed ones snaps to the nearest (the lower on a tie), since
 * rangeValues lists every allowed amount. Without rangeValues only the truncation applies.
 * A raw value that is not a finite number gives the smallest allowed value (or null).
 */
export function sliderValue(raw: unknown, rangeValues: readonly number[] | null | undefined): number | null {
  const allowed = [...(rangeValues ?? [])].filter(Number.isFinite).sort((a, b) => a - b);
  const number = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof number !== "number" || !Number.isFinite(number)) return allowed[0] ?? null;
  const whole = Math.trunc(number);
  if (allowed.length === 0) return whole;
  let best = allowed[0] as number;
  for (const candidate of allowed) {
    if (Math.abs(candidate - whole) < Math.abs(best - whole)) best = candidate;
  }
  return best;
}

/** "Rp 1.500.000", "7 bulan", "30 hari", or the plain number without a unit. */
export function formatSliderValue(value: number, unit: SliderUnit | null | undefined): string {
  if (unit === "rupiah") return formatRupiah(value);
  if (unit === "bulan") return formatTerm(value, "month");
  if (unit === "hari") return formatTerm(value, "day");
  return String(value);
}
