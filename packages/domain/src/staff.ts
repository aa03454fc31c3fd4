/**
 * Staff roles and the permission each staff action needs (decision 0026). A route names one
 * permission beside it (`{ kind: "staff", permission }`); a staff member holds the union of their
 * roles' permissions.
 */
export const STAFF_ROLES = ["operator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  "applications.review",
  "disbursals.manage",
  "payments.reconcile",
  "collections.work",
  "loan_changes.decide",
  "loan_changes.approve",
  "write_offs.request",
  "write_offs.approve",
  "ledger_adjustments.request",
  "ledger_adjustments.approve",
  "customers.read",
  "customers.block",
  "customers.personal_data",
  "notices.send",
  "chat.answer",
  "partners.manage",
  "products.manage",
  "config.manage",
  "api_keys.manage",
  "tkb.manage",
  "audit.read",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The operations team works the queues; approving a colleague's request and changing the platform is the admin's. */
const OPERATOR_PERMISSIONS: readonly StaffPermission[] = [
  "applications.review",
  "disbursals.manage",
  "payments.reconcile",
  "collections.work",
  "loan_changes.decide",
  "write_offs.request",
  "ledger_adjustments.request",
  "customers.read",
  "customers.personal_data",
  "notices.send",
  "chat.answer",
];

export const STAFF_ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  operator: OPERATOR_PERMISSIONS,
  admin: STAFF_PERMISSIONS,
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** The permissions a holder of these roles (customer roles included, which grant none) has, in catalogue order. */
export function permissionsOf(roles: readonly string[]): StaffPermission[] {
  const held = new Set(roles.filter(isStaffRole).flatMap((role) => STAFF_ROLE_PERMISSIONS[role]));
  return STAFF_PERMISSIONS.filter((p) => held.has(p));
}
