import { AuditPage } from "../../features/back-office/settings/audit-page.tsx";

export default function BackOfficeAuditPage() {
  return <AuditPage />;
}
