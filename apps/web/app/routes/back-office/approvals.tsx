import { t } from "@pinjaman/i18n";
import { ApprovalsPage } from "../../features/back-office/loans/approvals-page.tsx";
import { useStaff } from "../../features/back-office/staff-context.tsx";
import "@pinjaman/i18n/ns/back-office-loans";

export function meta() {
  return [{ title: t("back-office-loans.approvals.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/approvals: the maker-checker queue. */
export default function Approvals() {
  const staff = useStaff();
  return <ApprovalsPage staffId={staff.id} permissions={staff.permissions} />;
}
