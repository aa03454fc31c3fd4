import { t } from "@pinjaman/i18n";
import { formatPpmPercent } from "./money.ts";
import "@pinjaman/i18n/ns/format";

/**
 * What people type into money and rate inputs, read one way on the site and on the server
 * (issue 17 §3). Rupiah are whole: dots or spaces group thousands as the site writes them
 * ("Rp 1.500.000"), so a dot or comma that does not group three digits ("1.5", "1,5",
 * "1.500.000,00") is refused with the expected format rather than guessed at. Rates and shares
 * are typed as percent ("0,3") and kept as integer ppm.
 */

export type ParsedInput = { ok: true; value: number } | { ok: false; error: string };

const refuse = (key: string, vars?: Record<string, string>): ParsedInput => ({ ok: false, error: t(`format.input.${key}`, vars) });

/** Thousands groups of three after one to three digits, all with the same separator (dot or a space). */
const GROUPED = /^\d{1,3}(?:(\.|[ \u00a0\u202f])\d{3})(?:\1\d{3})*$/;
const PLAIN = /^\d+$/;
/** "Rp", "Rp." or "IDR" before the amount, with or without a space. */
const CURRENCY = /^(?:rp\.?|idr)[ \u00a0\u202f]*/i;

/**
 * A whole rupiah amount ≥ 0: "1500000", "1.500.000", "1 500 000", "Rp 1.500.000", "Rp1.500.000".
 * Anything else (decimals, signs, other characters, beyond Number.MAX_SAFE_INTEGER) is refused
 * with a message naming the format; whether 0 or a small amount is allowed is the caller's rule.
 */
export function parseRupiah(text: string): ParsedInput {
  const body = text.trim().replace(CURRENCY, "");
  if (!PLAIN.test(body) && !GROUPED.test(body)) return refuse("rupiah");
  const digits = body.replace(/\D/g, "");
  // BigInt keeps every digit, so an amount past the safe range is told apart instead of rounded.
  if (BigInt(digits) > BigInt(Number.MAX_SAFE_INTEGER)) return refuse("too_large");
  return { ok: true, value: Number(digits) };
}

/** Percent with at most four decimals (1 ppm = 0,0001 %), a decimal comma or dot, an optional "%". */
const PERCENT = /^(\d{1,7})(?:[,.](\d{1,4}))?$/;

/**
 * A percent as people read it ("0,3", "0.3", "0,3%", "5") as integer ppm (0,3 % = 3000 ppm), for
 * daily rates, fees and shares. Refused: signs, grouping, more than four decimals (finer than a
 * ppm), anything else; the range is the caller's rule.
 */
export function parsePercentPpm(text: string): ParsedInput {
  const body = text
    .trim()
    .replace(/\s*%(?:\s*\/\s*hari)?$/i, "")
    .trim();
  const match = PERCENT.exec(body);
  if (!match) return refuse("percent", { example: formatPpmPercent(3000) });
  const [, whole = "0", fraction = ""] = match;
  return { ok: true, value: Number(whole) * 10_000 + Number(fraction.padEnd(4, "0")) };
}
