import { CompanyPage } from "../../features/back-office/settings/company-page.tsx";

export default function BackOfficeCompanyPage() {
  return <CompanyPage />;
}
