import { t } from "@pinjaman/i18n";
import { useState } from "react";
import "@pinjaman/i18n/ns/loans";
import "./pay-channels.css";

/** A virtual account number with its copy button; the outcome is announced in a live region. */
export function VirtualAccountNumber({ number }: { number: string }) {
  const [message, setMessage] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(number);
      setMessage(t("loans.page.copied", { number }));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the number stays readable.
      setMessage(t("loans.page.copy_failed", { number }));
    }
  }
  return (
    <span className="va-number">
      <span className="va-number__digits" translate="no">
        {number}
      </span>
      <button type="button" className="button button--outline va-number__copy" onClick={() => void copy()} aria-label={t("loans.page.copy_label", { number })}>
        {t("loans.page.copy")}
      </button>
      <span className="va-number__status" role="status">
        {message}
      </span>
    </span>
  );
}
