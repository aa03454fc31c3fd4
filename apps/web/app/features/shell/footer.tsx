import type { CompanyInfo } from "@pinjaman/contracts/site";
import type { SiteVariant } from "@pinjaman/domain/variant";
import { t } from "@pinjaman/i18n";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { RiskDisclaimer } from "./risk-disclaimer.tsx";
import { DownloadIcon, FacebookIcon, InstagramIcon, LinkedInIcon } from "./icons.tsx";
import { telHref } from "./tel.ts";
import { FRONTEND_VERSION } from "./version.ts";
import "@pinjaman/i18n/ns/common";
import "@pinjaman/i18n/ns/shell";

/** The main public pages, in the footer's order. */
export const FOOTER_LINKS = [
  { to: "/about-us", key: "about_us" },
  { to: "/how-to-apply", key: "how_to_apply" },
  { to: "/costs", key: "costs" },
  { to: "/faq", key: "faq" },
  { to: "/contacts", key: "contacts" },
  { to: "/lender", key: "lender" },
  { to: "/investors", key: "investors" },
  { to: "/commissioner", key: "commissioner" },
  { to: "/agenda-kegiatan", key: "agenda" },
  { to: "/riplay", key: "riplay" },
  { to: "/syarat-dan-ketentuan", key: "terms" },
  { to: "/kebijakan-privacy", key: "privacy" },
] as const;

function ExternalLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} ${t("common.opens_new_tab")}`}>
      {children}
    </a>
  );
}

/**
 * The regulator's risk disclaimer, the company's contacts and social links, the main pages, the
 * app download (default variant only) and the front end's version (spec section 1).
 */
export function Footer({ company, variant }: { company: CompanyInfo; variant: SiteVariant }) {
  const year = new Date().getFullYear();
  const social = [
    { href: company.facebookPageUrl, label: t("shell.footer.social.facebook"), icon: <FacebookIcon /> },
    { href: company.linkedInPageUrl, label: t("shell.footer.social.linkedin"), icon: <LinkedInIcon /> },
    { href: company.instagramPageUrl, label: t("shell.footer.social.instagram"), icon: <InstagramIcon /> },
  ].filter((s) => s.href);

  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section className="footer__company" aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer__heading">
            {company.name}
          </h2>
          <p className="footer__licence">{t("shell.footer.licence")}</p>
          <address className="footer__address">
            <span>{company.address}</span>
            <span>
              {t("shell.footer.phone")} <a href={telHref(company.phone)}>{company.phone}</a>
            </span>
            <span>
              {t("shell.footer.email")} <a href={`mailto:${company.email}`}>{company.email}</a>
            </span>
          </address>
          {social.length > 0 && (
            <ul className="footer__social" aria-label={t("shell.footer.social.label")}>
              {social.map((s) => (
                <li key={s.href}>
                  <ExternalLink href={s.href} label={s.label}>
                    {s.icon}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
          {variant === "default" && company.appStoreUrl && (
            <a
              className="footer__app"
              href={company.appStoreUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="app-store-link"
            >
              <DownloadIcon />
              <span>
                {t("shell.footer.app_download")}
                <span className="sr-only"> {t("common.opens_new_tab")}</span>
              </span>
            </a>
          )}
        </section>
        <nav className="footer__links" aria-label={t("shell.footer.links_label")}>
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(`shell.footer.links.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <RiskDisclaimer />
      <div className="container footer__bottom">
        <p>{t("shell.footer.copyright", { year, company: company.name })}</p>
        <p>{t("shell.footer.version", { version: FRONTEND_VERSION })}</p>
      </div>
    </footer>
  );
}
