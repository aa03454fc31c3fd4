import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import { sectionsFor } from "./sections.ts";
import { useStaff } from "./staff-context.tsx";
import "@pinjaman/i18n/ns/back_office";

/** /back-office: the pages this staff member may open. */
export function BackOfficeHome() {
  const staff = useStaff();
  const sections = sectionsFor(staff.permissions);
  return (
    <>
      <h1>{t("back_office.home_title")}</h1>
      {sections.length === 0 ? (
        <p>{t("back_office.no_sections")}</p>
      ) : (
        <ul className="back-office__cards">
          {sections.map((section) => (
            <li key={section.path}>
              <Link to={`/back-office/${section.path}`}>{t(section.label)}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
