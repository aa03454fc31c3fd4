import type { StaffPermission } from "@pinjaman/domain/staff";
// The money queues' labels (decision 00XX-operator-console).
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
];

export function sectionsFor(permissions: readonly StaffPermission[], sections: readonly BackOfficeSection[] = BACK_OFFICE_SECTIONS): BackOfficeSection[] {
  return sections.filter((section) => permissions.includes(section.permission));
}
