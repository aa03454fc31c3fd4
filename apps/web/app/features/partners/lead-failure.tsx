import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import "@pinjaman/i18n/ns/partners";
import "./partners.css";

export type LeadFailureKind = "invalid" | "auth_error" | "errors";

/** /leads/invalid, /leads/authError, /leads/errors: what went wrong with a partner's link, and where to go. */
export function LeadFailure({ kind }: { kind: LeadFailureKind }) {
  return (
    <div className="container lead-failure">
      <h1>{t(`partners.lead.${kind}.title`)}</h1>
      <p>{t(`partners.lead.${kind}.text`)}</p>
      {kind === "errors" && <p>{t("partners.lead.errors.retry")}</p>}
      <p className="lead-failure__links">
        {kind === "auth_error" && (
          <Link className="button button--primary" to="/login">
            {t("partners.lead.auth_error.login")}
          </Link>
        )}
        <Link to="/">{t("partners.lead.home")}</Link>
      </p>
    </div>
  );
}

/** /purchase/invalid */
export function PurchaseInvalid() {
  return (
    <div className="container lead-failure">
      <h1>{t("partners.purchase.invalid.title")}</h1>
      <p>{t("partners.purchase.invalid.text")}</p>
      <p className="lead-failure__links">
        <Link to="/">{t("partners.lead.home")}</Link>
      </p>
    </div>
  );
}
