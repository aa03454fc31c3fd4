import type { StaffMe } from "@pinjaman/contracts/staff";
import { schema, type Db } from "@pinjaman/db";
import { isStaffRole, permissionsOf, STAFF_ROLES, type StaffPermission, type StaffRole } from "@pinjaman/domain/staff";
import { and, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../plugins/auth.ts";

/** The staff roles the caller acts in: the one chosen by X-Role, else all of theirs. */
export async function staffRolesOf(db: Db, caller: Pick<Caller, "customerId" | "roleIds" | "roleId">): Promise<StaffRole[]> {
  const roleIds = caller.roleId ? [caller.roleId] : caller.roleIds;
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ typeKey: schema.customerRoles.typeKey })
    .from(schema.customerRoles)
    .where(and(inArray(schema.customerRoles.id, roleIds), eq(schema.customerRoles.customerId, caller.customerId)));
  return rows.map((r) => r.typeKey).filter(isStaffRole);
}

export async function hasStaffPermission(db: Db, caller: Caller, permission: StaffPermission): Promise<boolean> {
  return permissionsOf(await staffRolesOf(db, caller)).includes(permission);
}

/** Whether a customer holds any staff role (staff always give the second-factor code at sign-in). */
export async function isStaffCustomer(db: Db, customerId: string): Promise<boolean> {
  const rows = await db
    .select({ typeKey: schema.customerRoles.typeKey })
    .from(schema.customerRoles)
    .where(and(eq(schema.customerRoles.customerId, customerId), inArray(schema.customerRoles.typeKey, [...STAFF_ROLES])));
  return rows.length > 0;
}

/** Who a staff caller is and what they may do (GET staff/me, the back office's loader); null for a customer. */
export async function staffMemberOf(db: Db, caller: Pick<Caller, "customerId" | "roleIds" | "roleId">): Promise<StaffMe | null> {
  const roles = await staffRolesOf(db, caller);
  if (roles.length === 0) return null;
  const [me] = await db.select({ name: schema.customers.name, email: schema.customers.email }).from(schema.customers).where(eq(schema.customers.id, caller.customerId));
  return me ? { id: caller.customerId, name: me.name, email: me.email, roles, permissions: permissionsOf(roles) } : null;
}
