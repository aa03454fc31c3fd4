import { PartnersPage } from "../../features/back-office/partners/partners-page.tsx";

/** /back-office/partners: partner organisations, branches and API keys (partners.manage). */
export default function BackOfficePartners() {
  return <PartnersPage />;
}
