import { t } from "@pinjaman/i18n";
import { useId, useState } from "react";
import { useLoaded } from "../shell/use-loaded.ts";
import { insuranceApi, type InsuranceApi } from "./insurance-api.ts";
import "@pinjaman/i18n/ns/common";
import "@pinjaman/i18n/ns/insurance";
import "./lender.css";

/**
 * The investment account's automatic insurance (spec section 2: the lender account page shows the
 * automatic-insurance setting). Reads and changes it through the insurance_choice_lender_account
 * flow; the switch says its state to screen readers (role switch, aria-checked).
 */
export function InsuranceSection({ accountId, api = insuranceApi }: { accountId: string; api?: InsuranceApi }) {
  const titleId = useId();
  const descriptionId = useId();
  const [setting, reload] = useLoaded(accountId, () => api.setting(accountId));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const on = setting?.data === true;

  async function toggle() {
    setBusy(true);
    setError(null);
    setMessage("");
    try {
      await api.change(accountId, !on);
      setMessage(t(on ? "insurance.section.saved_off" : "insurance.section.saved_on"));
      reload();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="insurance-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("insurance.section.title")}</h2>
      <p id={descriptionId}>{t("insurance.section.description")}</p>
      {setting === null ? (
        <p role="status">{t("common.loading")}</p>
      ) : setting.error !== null ? (
        <p role="alert">{setting.error}</p>
      ) : (
        <div className="insurance-section__row">
          <button type="button" role="switch" aria-checked={on} aria-describedby={descriptionId} disabled={busy} onClick={toggle} className="insurance-section__switch">
            {t("insurance.section.switch_label")}
          </button>
          <span aria-hidden="true">{busy ? t("insurance.section.saving") : t(on ? "insurance.section.on" : "insurance.section.off")}</span>
        </div>
      )}
      <p role="status" aria-live="polite">
        {message}
      </p>
      {error !== null && <p role="alert">{error}</p>}
    </section>
  );
}
