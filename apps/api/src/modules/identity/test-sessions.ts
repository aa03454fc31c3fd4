import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { eq } from "drizzle-orm";
import { createSession } from "../sessions/session-service.ts";

/** A logged-in customer for API tests, made without the login route. */
export type TestSession = {
  customerId: string;
  sessionId: string;
  authenticationId: string;
  token: string;
  expiresAt: Date;
  /** The customer's role ids by type_key. */
  roles: Record<string, string>;
  /** X-Authorization, as a native client sends it. */
  headers: { "x-authorization": string };
  /** The `client` cookie exactly as plugins/auth.ts writes it, for browser-like calls. */
  cookie: string;
};

/** An authenticated emailpass authentication and a session for the customer with this e-mail. */
export async function sessionFor(db: Db, email: string, now = new Date()): Promise<TestSession> {
  const [customer] = await db.select({ id: schema.customers.id }).from(schema.customers).where(eq(schema.customers.email, email));
  if (!customer) throw new Error(`no customer ${email}`);
  const [authentication] = await db
    .insert(schema.authentications)
    .values({ methodKey: "emailpass", customerId: customer.id, status: "authenticated", ip: "127.0.0.1", completedAt: now })
    .returning({ id: schema.authentications.id });
  if (!authentication) throw new Error("authentication not stored");
  const session = await createSession(db, { customerId: customer.id, authenticationId: authentication.id }, now);
  const roles = await db
    .select({ id: schema.customerRoles.id, typeKey: schema.customerRoles.typeKey })
    .from(schema.customerRoles)
    .where(eq(schema.customerRoles.customerId, customer.id));
  const value = JSON.stringify({ token: session.token, expires_at: session.expiresAt.getTime(), authentication_id: session.authenticationId });
  return {
    customerId: customer.id,
    sessionId: session.id,
    authenticationId: session.authenticationId,
    token: session.token,
    expiresAt: session.expiresAt,
    roles: Object.fromEntries(roles.map((r) => [r.typeKey, r.id])),
    headers: { "x-authorization": session.token },
    cookie: `client=${encodeURIComponent(value)}`,
  };
}
