import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import "@pinjaman/i18n/ns/home";

/** The call to action that starts the page's registration flow. */
export function SignUp({ href }: { href: string }) {
  return (
    <p className="sign-up">
      <Link className="button button--primary sign-up-action" to={href}>
        {t("home.sign_up.action")}
      </Link>
      <Link className="sign-up-login" to="/login">
        {t("home.sign_up.login")}
      </Link>
    </p>
  );
}
