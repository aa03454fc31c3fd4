import { t } from "@pinjaman/i18n";
import { CloseIcon, WarningIcon } from "./icons.tsx";
import { useSessionFlag } from "./session-flag.ts";
import "@pinjaman/i18n/ns/common";
import "@pinjaman/i18n/ns/shell";

export const FRAUD_BANNER_KEY = "pinjaman.fraud-banner-dismissed";

/**
 * Runs in <head> before the first paint: a visitor who closed the banner earlier in this tab
 * never sees it flash back (and the page does not shift) while the scripts load.
 */
export const FRAUD_BANNER_BOOT_SCRIPT = `try{if(sessionStorage.getItem(${JSON.stringify(FRAUD_BANNER_KEY)})==="1")document.documentElement.setAttribute("data-fraud-dismissed","")}catch(e){}`;

/** The warning that the provider never asks for a transfer to approve a loan (spec section 1). */
export function FraudBanner({ companyName }: { companyName: string }) {
  const [dismissed, setDismissed] = useSessionFlag(FRAUD_BANNER_KEY);
  if (dismissed) return null;
  return (
    <section className="fraud-banner" role="region" aria-label={t("shell.fraud.label")}>
      <div className="fraud-banner__inner container">
        <WarningIcon className="fraud-banner__icon" />
        <p className="fraud-banner__text">
          <strong>{t("shell.fraud.title")}</strong> {t("shell.fraud.text", { company: companyName })}
        </p>
        <button type="button" className="fraud-banner__close" aria-label={t("common.close")} onClick={() => setDismissed(true)}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
