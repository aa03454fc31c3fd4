import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/format";

/**
 * Money helpers. Amounts are integer rupiah (JS safe integers); every computation here is
 * integer arithmetic on digit strings or integers, never floating point.
 */

/** Inserts "." between groups of three digits of a string made only of digits. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * Indonesian number grouping: 1500000 → "1.500.000", -5000 → "-5.000".
 * A fractional part, if any, is written after a decimal comma (1234.5 → "1.234,5").
 * Throws a RangeError for NaN and infinities.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  if (Number.isInteger(abs)) {
    // BigInt prints integers beyond 1e21 in full instead of exponent notation.
    return sign + groupDigits(BigInt(abs).toString());
  }
  const [whole = "0", fraction = ""] = String(abs).split(".");
  return `${sign}${groupDigits(whole)},${fraction}`;
}

function assertSafeInteger(amount: number): void {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Rupiah amount must be a safe integer, got ${amount}`);
  }
}

/** "Rp 1.500.000"; negative amounts "-Rp 5.000". Throws for non-integers. */
export function formatRupiah(amount: number): string {
  assertSafeInteger(amount);
  const text = t("format.rupiah", { amount: formatNumber(Math.abs(amount)) });
  return amount < 0 ? `-${text}` : text;
}

/** Exact integer division for non-negative safe integers (no rounding of a float quotient). */
function intDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** A count of tenths written with one decimal at most: 15 → "1,5", 200 → "20". */
function fromTenths(tenths: number): string {
  const whole = intDiv(tenths, 10);
  const decimal = tenths % 10;
  return decimal === 0 ? formatNumber(whole) : `${formatNumber(whole)},${decimal}`;
}

/**
 * Short form: under one million in thousands ("Rp 500 Ribu"), otherwise in millions
 * ("Rp 1,5 Juta", "Rp 20 Juta"); one decimal at most, truncated (1250000 → "Rp 1,2 Juta").
 */
export function formatShortRupiah(amount: number): string {
  assertSafeInteger(amount);
  const abs = Math.abs(amount);
  // Tenths of a thousand are abs / 100, tenths of a million abs / 100_000 (truncated).
  const short =
    abs < 1_000_000
      ? `${fromTenths(intDiv(abs, 100))} ${t("format.thousand")}`
      : `${fromTenths(intDiv(abs, 100_000))} ${t("format.million")}`;
  const text = t("format.rupiah", { amount: short });
  return amount < 0 ? `-${text}` : text;
}

/** A valid rupiah amount: a safe, non-negative integer. */
export function isRupiah(n: unknown): n is number {
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
}

/** Parts per million as an Indonesian percent without its sign: 3000 → "0,3", 50000 → "5", 667 → "0,0667". */
export function formatPpmPercent(ppm: number): string {
  assertSafeInteger(ppm);
  const abs = Math.abs(ppm);
  const whole = intDiv(abs, 10_000); // 1 % = 10 000 ppm
  const fraction = String(abs % 10_000).padStart(4, "0").replace(/0+$/, "");
  return `${ppm < 0 ? "-" : ""}${formatNumber(whole)}${fraction ? `,${fraction}` : ""}`;
}

/**
 * A daily rate in parts per million as Indonesian percent per day:
 * 3000 → "0,3%/hari", 2750 → "0,275%/hari", 667 → "0,0667%/hari".
 */
export function formatDailyRate(ppm: number): string {
  return t("format.percent_per_day", { rate: formatPpmPercent(ppm) });
}

/**
 * A share in basis points (1/100 of a percent) as Indonesian percent with two decimals:
 * 9887 → "98,87%", −12 → "-0,12%". A rate in ppm is shown with `Math.round(ppm / 100)`.
 */
export function formatPercentBasisPoints(basisPoints: number): string {
  assertSafeInteger(basisPoints);
  const abs = Math.abs(basisPoints);
  return `${basisPoints < 0 ? "-" : ""}${formatNumber(intDiv(abs, 100))},${String(abs % 100).padStart(2, "0")}%`;
}
