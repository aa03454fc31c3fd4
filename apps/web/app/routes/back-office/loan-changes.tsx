import { t } from "@pinjaman/i18n";
import { LoanChangesPage } from "../../features/back-office/loans/loan-changes-page.tsx";
import { useStaff } from "../../features/back-office/staff-context.tsx";
import "@pinjaman/i18n/ns/back-office-loans";

export function meta() {
  return [{ title: t("back-office-loans.loan_changes.title") }, { name: "robots", content: "noindex" }];
}

/** /back-office/loan-changes (loan_changes.decide). */
export default function LoanChanges() {
  const staff = useStaff();
  return <LoanChangesPage staffId={staff.id} permissions={staff.permissions} />;
}
