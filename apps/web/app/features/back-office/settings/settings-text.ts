import { hasKey, t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/back_office_settings";

/** A text of the back-office settings pages (catalogue back_office_settings). */
export const label = (key: string, vars?: Record<string, string | number>) => t(`back_office_settings.${key}`, vars);

/** The Indonesian name of a code in a section of the catalogue; a code without one shows as it is. */
function nameOf(section: string, code: string): string {
  const key = `back_office_settings.${section}.${code}`;
  return hasKey(key) ? t(key) : code;
}

/** An audit log action (a customer's audit event or a staff action) by its Indonesian name. */
export const actionName = (code: string) => nameOf("audit.actions", code);

/** An API key scope by its Indonesian name. */
export const scopeName = (code: string) => nameOf("api_keys.scope_names", code);

/** A moment as the settings pages show it, in Jakarta time; the audit log shows the seconds too. */
export const dateTime = (iso: string, timeStyle: "short" | "medium" = "short") =>
  new Date(iso).toLocaleString("id-ID", { timeZone: "Asia/Jakarta", dateStyle: "medium", timeStyle });
