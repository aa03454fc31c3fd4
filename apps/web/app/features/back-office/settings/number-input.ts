import { formatNumber, formatPpmPercent } from "@pinjaman/domain/money";
import { parsePercentPpm, parseRupiah, type ParsedInput } from "@pinjaman/domain/money-input";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/back_office_settings";

/**
 * How a settings number is typed: rupiah ("1.500.000"), a percent kept as ppm ("0,3" = 3000) or a
 * plain count (months, days). Shown as people read it, read back by the site's one parser.
 */
export type NumberKind = "rupiah" | "percent" | "count";

export function showNumber(kind: NumberKind, value: number): string {
  if (kind === "rupiah") return formatNumber(value);
  return kind === "percent" ? formatPpmPercent(value) : String(value);
}

export function readNumber(kind: NumberKind, text: string): ParsedInput {
  if (kind === "rupiah") return parseRupiah(text);
  if (kind === "percent") return parsePercentPpm(text);
  return /^\s*\d{1,9}\s*$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, error: t("back_office_settings.pricing.errors.whole") };
}

/** Reads every field of a draft: the numbers, and the parser's message for each field it refused. */
export function readNumbers<F extends string>(kinds: Record<F, NumberKind>, draft: Record<F, string>): { numbers: Record<F, number>; errors: Partial<Record<F, string[]>> } {
  const numbers = {} as Record<F, number>;
  const errors: Partial<Record<F, string[]>> = {};
  for (const field of Object.keys(kinds) as F[]) {
    const read = readNumber(kinds[field], draft[field]);
    // A refused field is NaN for the shared rule (which then names nothing more than "whole").
    numbers[field] = read.ok ? read.value : Number.NaN;
    if (!read.ok) errors[field] = [read.error];
  }
  return { numbers, errors };
}
