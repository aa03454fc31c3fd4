import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { Mailer } from "../../integrations/mail.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { recordAudit, type RequestOrigin } from "../audit/audit-service.ts";
import { LOGIN_THROTTLE_ACCOUNT, emailSubject } from "../authentication/authentication-service.ts";
import { revokeCustomerSessions } from "../sessions/session-service.ts";
import { hashToken, newToken } from "../sessions/tokens.ts";
import { clearThrottle, type ThrottleRule } from "../throttle/throttle-service.ts";
import "@pinjaman/i18n/ns/authy";
import { isStrongPassword } from "@pinjaman/domain/field-rules";

export type PasswordTokenPurpose = "reset" | "generate";

export const RESET_METHOD = "emailpass_reset";
/** A reset link works for 60 minutes, once. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Reset requests per e-mail address (known or not) and per IP, in a fixed 15-minute window. */
export const RESET_THROTTLE_ACCOUNT: ThrottleRule = { name: "reset:account", limit: 3, windowSeconds: 15 * 60 };
export const RESET_THROTTLE_IP: ThrottleRule = { name: "reset:ip", limit: 10, windowSeconds: 15 * 60 };

/**
 * A single-use link token to set a password: `reset` (forgot password) or `generate` (first
 * password of a customer created by an operator or a flow). Only its hash is stored; the token
 * itself goes into the link (see passwordLink) and nowhere else.
 */
export async function issuePasswordToken(
  db: Db,
  customerId: string,
  purpose: PasswordTokenPurpose,
  ttlMinutes: number,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db.insert(schema.passwordTokens).values({
    customerId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
    createdAt: now,
  });
  return token;
}

/** The site's page for a token: /reset-password/{token} or /generate-password/{token}. */
export function passwordLink(publicOrigin: string, purpose: PasswordTokenPurpose, token: string): string {
  const page = purpose === "reset" ? "reset-password" : "generate-password";
  return `${publicOrigin.replace(/\/$/, "")}/${page}/${token}`;
}

/** Issues a reset token and mails the link; run after the answer (see the route). */
export async function sendResetLink(
  deps: { db: Db; mailer: Mailer; publicOrigin: string },
  customer: { id: string; name: string; email: string },
  now = new Date(),
): Promise<void> {
  const token = await issuePasswordToken(deps.db, customer.id, "reset", RESET_TOKEN_TTL_MINUTES, now);
  await deps.mailer.send({
    to: customer.email,
    subject: t("authy.mail.password_reset.subject"),
    body: t("authy.mail.password_reset.body", {
      name: customer.name,
      minutes: RESET_TOKEN_TTL_MINUTES,
      link: passwordLink(deps.publicOrigin, "reset", token),
    }),
  });
}

export async function findCustomerForReset(db: Db, email: string) {
  const [row] = await db
    .select({ id: schema.customers.id, name: schema.customers.name, email: schema.customers.email })
    .from(schema.customers)
    .where(eq(schema.customers.email, email))
    .limit(1);
  return row ?? null;
}

async function usableToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: schema.passwordTokens.id })
    .from(schema.passwordTokens)
    .where(and(eq(schema.passwordTokens.tokenHash, hashToken(token)), isNull(schema.passwordTokens.usedAt), gt(schema.passwordTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export type ResolveResult = { kind: "invalid"; fields: Record<string, string[]> } | { kind: "done"; customerId: string };

/**
 * Sets the password a token allows: the token is consumed by one conditional update (two
 * parallel uses cannot both win), every session of the customer ends, the other open links die.
 */
export async function resolvePasswordToken(
  deps: { db: Db; mailer: Mailer; origin: RequestOrigin },
  input: { token: string; password: string },
  now = new Date(),
): Promise<ResolveResult> {
  const { db } = deps;
  const fields: Record<string, string[]> = {};
  if (!isStrongPassword(input.password)) fields.password = [t("authy.reset.weak_password")];
  if (!(await usableToken(db, input.token, now))) fields.token = [t("authy.reset.invalid_token")];
  if (Object.keys(fields).length > 0) return { kind: "invalid", fields };

  const passwordHash = await hashPassword(input.password);
  const changed = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(schema.passwordTokens)
      .set({ usedAt: now })
      .where(
        and(eq(schema.passwordTokens.tokenHash, hashToken(input.token)), isNull(schema.passwordTokens.usedAt), gt(schema.passwordTokens.expiresAt, now)),
      )
      .returning({ customerId: schema.passwordTokens.customerId, purpose: schema.passwordTokens.purpose });
    if (!used) return null;
    const [customer] = await tx
      .update(schema.customers)
      .set({ passwordHash })
      .where(eq(schema.customers.id, used.customerId))
      .returning({ id: schema.customers.id, name: schema.customers.name, email: schema.customers.email });
    if (!customer) return null;
    await tx
      .update(schema.passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(schema.passwordTokens.customerId, customer.id), isNull(schema.passwordTokens.usedAt)));
    const revoked = await revokeCustomerSessions(tx, customer.id, now);
    return { customer, purpose: used.purpose, revoked };
  });
  if (!changed) return { kind: "invalid", fields: { token: [t("authy.reset.invalid_token")] } };

  const { customer } = changed;
  // The owner of the mailbox proved themselves: earlier failed logins no longer lock them out.
  await clearThrottle(db, LOGIN_THROTTLE_ACCOUNT, emailSubject(customer.email));
  await deps.mailer.send({
    to: customer.email,
    subject: t("authy.mail.password_changed.subject"),
    body: t("authy.mail.password_changed.body", { name: customer.name }),
  });
  await recordAudit(db, deps.origin, "password_reset_done", customer.id, { purpose: changed.purpose, sessions_revoked: changed.revoked });
  return { kind: "done", customerId: customer.id };
}
