import { t } from "@pinjaman/i18n";
import type { ReactNode } from "react";
import { Link } from "react-router";
import "@pinjaman/i18n/ns/auth";
import "./auth.css";

/** A page on the way to the login (forgotten password, new password): its title, its content and the link back to /login. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container">
      <div className="auth-page">
        <h1>{title}</h1>
        {children}
        <div className="auth-links">
          <Link to="/login">{t("auth.forgot.back_to_login")}</Link>
        </div>
      </div>
    </div>
  );
}
