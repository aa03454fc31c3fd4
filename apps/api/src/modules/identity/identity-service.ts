import type { Identity, Profile } from "@pinjaman/contracts/identity";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { asc, eq } from "drizzle-orm";
import type { Caller } from "../../plugins/auth.ts";

/** The caller's identity (spec section 7 my/identity) with the calling session; null if gone. */
export async function loadIdentity(db: Db, caller: Caller): Promise<Identity | null> {
  const [customer] = await db
    .select({ id: schema.customers.id, name: schema.customers.name, email: schema.customers.email })
    .from(schema.customers)
    .where(eq(schema.customers.id, caller.customerId))
    .limit(1);
  if (!customer) return null;
  const roles = await db
    .select({ id: schema.customerRoles.id, type_key: schema.customerRoles.typeKey })
    .from(schema.customerRoles)
    .where(eq(schema.customerRoles.customerId, caller.customerId))
    .orderBy(asc(schema.customerRoles.createdAt), asc(schema.customerRoles.typeKey));
  return {
    ...customer,
    customer_roles: roles,
    session: { id: caller.id, expires_at: caller.expiresAt.getTime(), authentication_id: caller.authenticationId },
  };
}

export async function loadProfile(db: Db, caller: Caller): Promise<Profile | null> {
  const [row] = await db
    .select({
      id: schema.customers.id,
      name: schema.customers.name,
      email: schema.customers.email,
      phone: schema.customers.phone,
      createdAt: schema.customers.createdAt,
    })
    .from(schema.customers)
    .where(eq(schema.customers.id, caller.customerId))
    .limit(1);
  if (!row) return null;
  const { createdAt, ...rest } = row;
  return { ...rest, created_at: createdAt.toISOString() };
}
