import type { TkbEntryDto } from "@pinjaman/contracts/company";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/shell";

/** "98.87" → "98,87": the figure arrives as text and keeps its digits; only the comma changes. */
export function formatTkbPercentage(percentage: string): string {
  return percentage.replace(".", ",");
}

/** "TKB90 98,87%". */
export function formatTkbEntry(entry: TkbEntryDto): string {
  return t("shell.tkb.value", { name: entry.name, percentage: formatTkbPercentage(entry.percentage) });
}
