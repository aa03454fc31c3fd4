import type { StaffPermission } from "@pinjaman/domain/staff";
// Each page's label lives in its own namespace: the money queues, collections and loan changes, customers, settings.
import "@pinjaman/i18n/ns/back-office-loans";
import "@pinjaman/i18n/ns/back_office_customers";
import "@pinjaman/i18n/ns/back_office_settings";
// The partners page's label.
import "@pinjaman/i18n/ns/partners";
import "@pinjaman/i18n/ns/back_office_queues";

/** One page of the back office: its address under /back-office, the permission it needs, its catalogue label. */
export type BackOfficeSection = { path: string; permission: StaffPermission; label: string };

/**
 * The back office's pages in navigation order (decision 0026). A page is listed to a staff member
 * who holds its permission; its API refuses everyone else anyway.
 */
export const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  { path: "review", permission: "applications.review", label: "back_office_queues.nav.review" },
  { path: "disbursals", permission: "disbursals.manage", label: "back_office_queues.nav.disbursals" },
  { path: "reconciliation", permission: "payments.reconcile", label: "back_office_queues.nav.reconciliation" },
  { path: "collections", permission: "collections.work", label: "back-office-loans.nav.collections" },
  { path: "approvals", permission: "write_offs.request", label: "back-office-loans.nav.approvals" },
  { path: "loan-changes", permission: "loan_changes.decide", label: "back-office-loans.nav.loan_changes" },
  { path: "customers", permission: "customers.read", label: "back_office_customers.nav.customers" },
  { path: "notices", permission: "notices.send", label: "back_office_customers.nav.notices" },
  { path: "chat", permission: "chat.answer", label: "back_office_customers.nav.chat" },
  { path: "products", permission: "products.manage", label: "back_office_settings.nav.products" },
  { path: "company", permission: "config.manage", label: "back_office_settings.nav.company" },
  { path: "api-keys", permission: "api_keys.manage", label: "back_office_settings.nav.api_keys" },
  { path: "tkb", permission: "tkb.manage", label: "back_office_settings.nav.tkb" },
  { path: "audit", permission: "audit.read", label: "back_office_settings.nav.audit" },
  { path: "partners", permission: "partners.manage", label: "partners.back_office.section" },
];

export function sectionsFor(permissions: readonly StaffPermission[], sections: readonly BackOfficeSection[] = BACK_OFFICE_SECTIONS): BackOfficeSection[] {
  return sections.filter((section) => permissions.includes(section.permission));
}
