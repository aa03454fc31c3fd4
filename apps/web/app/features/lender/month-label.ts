import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/format";

/** "2026-04" → "Apr 2026". */
export function monthLabel(month: string): string {
  return `${t(`format.months.${Number(month.slice(5, 7))}`)} ${month.slice(0, 4)}`;
}
