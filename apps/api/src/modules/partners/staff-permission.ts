import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { and, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../plugins/auth.ts";

/**
 * Whether the caller is staff holding `permission`. Interim until the staff foundation: the
 * operator role holds partners.manage. Replaced by permissionsOf(roles) at merge.
 */
export async function staffMay(db: Db, caller: Caller | null, permission: string): Promise<boolean> {
  if (!caller) return false;
  const roles = await db
    .select({ typeKey: schema.customerRoles.typeKey })
    .from(schema.customerRoles)
    .where(and(eq(schema.customerRoles.customerId, caller.customerId), inArray(schema.customerRoles.typeKey, ["operator"])));
  return permission === "partners.manage" && roles.length > 0;
}
