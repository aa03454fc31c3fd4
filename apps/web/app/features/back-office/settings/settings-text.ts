import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/back_office_settings";

/** A text of the back-office settings pages (catalogue back_office_settings). */
export const label = (key: string, vars?: Record<string, string | number>) => t(`back_office_settings.${key}`, vars);

/** A moment as the settings pages show it, in Jakarta time; the audit log shows the seconds too. */
export const dateTime = (iso: string, timeStyle: "short" | "medium" = "short") =>
  new Date(iso).toLocaleString("id-ID", { timeZone: "Asia/Jakarta", dateStyle: "medium", timeStyle });
