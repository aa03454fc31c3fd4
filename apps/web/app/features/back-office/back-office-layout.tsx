import type { StaffMe } from "@pinjaman/contracts/staff";
import { t } from "@pinjaman/i18n";
import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { sectionsFor } from "./sections.ts";
import { StaffContext } from "./staff-context.tsx";
import "@pinjaman/i18n/ns/back_office";
import "./back-office.css";

/** The back office's frame: who is signed in, the pages their permissions open, then the page. */
export function BackOfficeLayout({ staff, children }: { staff: StaffMe; children: ReactNode }) {
  const sections = sectionsFor(staff.permissions);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu scrolls sideways: keep the current page's link in view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <StaffContext.Provider value={staff}>
      <div className="container back-office">
        <header className="back-office__header">
          <p className="back-office__title">{t("back_office.title")}</p>
          <p className="back-office__who">
            {t("back_office.signed_in_as", { name: staff.name, roles: staff.roles.map((role) => t(`back_office.role.${role}`)).join(", ") })}
          </p>
        </header>
        <nav ref={nav} aria-label={t("back_office.nav_label")} className="back-office__nav">
          <ul>
            <li>
              <NavLink to="/back-office" end>
                {t("back_office.home")}
              </NavLink>
            </li>
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink to={`/back-office/${section.path}`}>{t(section.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="back-office__page">{children}</div>
      </div>
    </StaffContext.Provider>
  );
}
