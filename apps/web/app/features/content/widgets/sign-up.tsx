import { t } from "@pinjaman/i18n";
import { LENDER_REGISTRATION_FLOW } from "@pinjaman/domain/variant";
import { Link } from "react-router";
import "@pinjaman/i18n/ns/home";

/** Where "Daftar jadi Pemberi Dana" (/lender) goes: the lender registration flow. */
export const LENDER_SIGN_UP_PATH = `/sign-up?flow=${LENDER_REGISTRATION_FLOW}`;

/** The call to action that starts the page's registration flow (a borrower's by default). */
export function SignUp({ href, label = t("home.sign_up.action") }: { href: string; label?: string }) {
  return (
    <p className="sign-up">
      <Link className="button button--primary sign-up-action" to={href}>
        {label}
      </Link>
      <Link className="sign-up-login" to="/login">
        {t("home.sign_up.login")}
      </Link>
    </p>
  );
}

/** /lender: an individual registers as a lender (a signed-in borrower too, on the same account). */
export function LenderSignUp() {
  return <SignUp href={LENDER_SIGN_UP_PATH} label={t("home.sign_up.lender_action")} />;
}
