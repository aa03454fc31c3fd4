import type { ShellData } from "@pinjaman/contracts/site";
import type { SiteVariant } from "@pinjaman/domain/variant";
import { t } from "@pinjaman/i18n";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useIsLoggedIn, useLogout, logoTarget } from "./auth.ts";
import { loadChunk, preload } from "./chunk-reload.ts";
import { HelpIcon, LogoMark } from "./icons.tsx";
import { signUpHref } from "./registration.ts";
import { telHref } from "./tel.ts";
import { TkbIndicator } from "./tkb-indicator.tsx";
import "@pinjaman/i18n/ns/common";
import "@pinjaman/i18n/ns/shell";

const loadHelpDialog = loadChunk(() => import("./help-dialog.tsx"));
const HelpDialog = lazy(loadHelpDialog);
const preloadHelpDialog = () => preload(loadHelpDialog);

export type NavbarProps = {
  shell: ShellData;
  variant: SiteVariant;
  /** Defaults to the session's state; tests and previews may set it. */
  isLoggedIn?: boolean;
  onLogout?: () => void;
};

/** Logo, TKB indicator, help, and the sign-in/sign-up (or sign-out) actions (spec section 2). */
export function Navbar({ shell, variant, isLoggedIn: loggedInProp, onLogout }: NavbarProps) {
  const sessionLoggedIn = useIsLoggedIn();
  const isLoggedIn = loggedInProp ?? sessionLoggedIn;
  const logout = useLogout();
  const [helpOpen, setHelpOpen] = useState(false);
  const variantLabel = variant === "default" ? null : t(`shell.variant.${variant}`);

  return (
    <div className="navbar">
      <nav className={`navbar__inner container${shell.sandbox ? " navbar__inner--sandbox" : ""}`} aria-label={t("shell.nav.label")}>
        <Link to={logoTarget(isLoggedIn)} className="navbar__logo">
          <LogoMark />
          <span className="navbar__brand">
            {t("common.app_name")}
            {variantLabel && <span className="navbar__variant"> {variantLabel}</span>}
          </span>
          <span className="sr-only">, {t(isLoggedIn ? "shell.nav.logo_profile" : "shell.nav.logo_home")}</span>
        </Link>
        {shell.sandbox && (
          <span className="navbar__sandbox" title={t("shell.sandbox.description")}>
            {t("shell.sandbox.badge")}
          </span>
        )}
        <div className="navbar__tkb">
          <TkbIndicator tkb={shell.tkb} />
        </div>
        <div className="navbar__actions">
          <button
            type="button"
            className="button button--ghost navbar__help"
            aria-haspopup="dialog"
            onClick={() => setHelpOpen(true)}
            onPointerEnter={preloadHelpDialog}
            onFocus={preloadHelpDialog}
          >
            <HelpIcon />
            <span className="navbar__help-text">{t("shell.nav.help")}</span>
          </button>
          {isLoggedIn ? (
            <button type="button" className="button button--outline" onClick={onLogout ?? logout}>
              {t("shell.nav.logout")}
            </button>
          ) : (
            <>
              <Link to="/login" className="button button--outline">
                {t("shell.nav.login")}
              </Link>
              <Link to={signUpHref(variant)} className="button button--primary">
                {t("shell.nav.signup")}
              </Link>
            </>
          )}
        </div>
      </nav>
      {helpOpen && (
        <Suspense fallback={null}>
          <HelpDialog
            phone={shell.company.phone}
            phoneHref={telHref(shell.company.phone)}
            email={shell.company.email}
            onClose={() => setHelpOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
