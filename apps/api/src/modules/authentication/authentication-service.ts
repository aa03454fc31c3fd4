import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { Mailer } from "../../integrations/mail.ts";
import { decoyHash, verifyPassword } from "../accounts/passwords.ts";
import { recordAudit, type RequestOrigin } from "../audit/audit-service.ts";
import { accountBlocked, activeBlock } from "../customers/customer-blocks.ts";
import { createSession, revokeSession, type IssuedSession } from "../sessions/session-service.ts";
import { hashToken, newCode } from "../sessions/tokens.ts";
import { clearThrottle, hitThrottle, refundThrottle, type ThrottleRule } from "../throttle/throttle-service.ts";
import { isStaffCustomer } from "../staff/staff-roles.ts";
import { maskEmail } from "./masks.ts";
import {
  CODE_TTL_MINUTES,
  RESEND_AFTER_SECONDS,
  checkCode,
  closedChallenge,
  codeColumns,
  codeThrottles,
  expireStale,
  reissueCode,
  resendWait,
  type CodeChallengeTable,
  type CodeRefusal,
} from "./one-time-code.ts";
import "@pinjaman/i18n/ns/authy";

export const LOGIN_METHOD = "emailpass";

/** Failed logins per e-mail address (known or not) and per IP, in a fixed 15-minute window. */
export const LOGIN_THROTTLE_ACCOUNT: ThrottleRule = { name: "login:account", limit: 5, windowSeconds: 15 * 60 };
export const LOGIN_THROTTLE_IP: ThrottleRule = { name: "login:ip", limit: 20, windowSeconds: 15 * 60 };
/** A right password after this many failures in the window still needs the e-mailed code. */
export const SECOND_FACTOR_AFTER_FAILURES = 3;

export type AuthContext = { db: Db; mailer: Mailer; origin: RequestOrigin };

export type LoginResult =
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "invalid_credentials" }
  | { kind: "authenticated"; authenticationId: string; session: IssuedSession }
  | { kind: "code_required"; authenticationId: string; sentTo: string };

/** The throttle subject of an e-mail: its hash, so the table holds no address. */
export function emailSubject(email: string): string {
  return hashToken(email.trim().toLowerCase());
}

async function findCustomerByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: schema.customers.id, name: schema.customers.name, email: schema.customers.email, passwordHash: schema.customers.passwordHash })
    .from(schema.customers)
    .where(eq(schema.customers.email, email))
    .limit(1);
  return row ?? null;
}

async function isKnownDevice(db: Db, customerId: string, deviceKeyHash: string): Promise<boolean> {
  const [row] = await db
    .select({ customerId: schema.knownDevices.customerId })
    .from(schema.knownDevices)
    .where(and(eq(schema.knownDevices.customerId, customerId), eq(schema.knownDevices.deviceKeyHash, deviceKeyHash)))
    .limit(1);
  return row !== undefined;
}

async function rememberDevice(db: Db, customerId: string, deviceKeyHash: string, now: Date): Promise<void> {
  await db
    .insert(schema.knownDevices)
    .values({ customerId, deviceKeyHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [schema.knownDevices.customerId, schema.knownDevices.deviceKeyHash], set: { lastSeenAt: now } });
}

function loginCodeMail(customer: { name: string; email: string }, code: string) {
  return {
    to: customer.email,
    subject: t("authy.mail.login_code.subject"),
    body: t("authy.mail.login_code.body", { name: customer.name, code, minutes: CODE_TTL_MINUTES }),
  };
}

/**
 * E-mail and password. Unknown e-mail, customer without a password and wrong password answer
 * alike and cost one argon2id verification each. The throttles count every attempt before the
 * password is checked; a success takes its hits back, so only failures stay counted.
 */
export async function loginWithPassword(
  ctx: AuthContext,
  input: {
    email: string;
    password: string;
    /** The browser's device key; called only once the password is right (a new key sets a cookie). */
    deviceKey: () => string;
    /** The session this browser already had: replaced, never reused. */
    previousSessionId: string | null;
  },
  now = new Date(),
): Promise<LoginResult> {
  const { db, origin } = ctx;
  const customer = await findCustomerByEmail(db, input.email);
  const accountSubject = emailSubject(input.email);

  const ipHit = await hitThrottle(db, LOGIN_THROTTLE_IP, origin.ip, now);
  const accountHit = ipHit.blocked ? null : await hitThrottle(db, LOGIN_THROTTLE_ACCOUNT, accountSubject, now);
  if (!accountHit || accountHit.blocked) {
    await recordAudit(db, origin, "login_failed", customer?.id ?? null, { reason: accountHit ? "throttled_account" : "throttled_ip" });
    return { kind: "throttled", retryAfterSeconds: (accountHit ?? ipHit).retryAfterSeconds };
  }

  const storedHash = customer?.passwordHash ?? (await decoyHash());
  const passwordRight = (await verifyPassword(storedHash, input.password)) && Boolean(customer?.passwordHash);
  if (!customer || !passwordRight) {
    const reason = !customer ? "unknown_email" : customer.passwordHash ? "wrong_password" : "no_password";
    await recordAudit(db, origin, "login_failed", customer?.id ?? null, { reason });
    return { kind: "invalid_credentials" };
  }
  // A blocked customer learns why (only after the right password, so the block reveals nothing to others).
  if (await activeBlock(db, customer.id)) {
    await recordAudit(db, origin, "login_failed", customer.id, { reason: "blocked" });
    throw accountBlocked();
  }

  const priorFailures = accountHit.count - 1;
  await clearThrottle(db, LOGIN_THROTTLE_ACCOUNT, accountSubject);
  await refundThrottle(db, LOGIN_THROTTLE_IP, origin.ip);

  const deviceKeyHash = hashToken(input.deviceKey());
  const knownDevice = await isKnownDevice(db, customer.id, deviceKeyHash);
  const authenticationId = randomUUID();
  const base = {
    id: authenticationId,
    methodKey: LOGIN_METHOD,
    customerId: customer.id,
    deviceKeyHash,
    ip: origin.ip,
    userAgent: origin.userAgent,
    createdAt: now,
  };

  // Staff always give the code (decision 0026): a staff session reaches every customer's data.
  const staff = await isStaffCustomer(db, customer.id);
  if (!knownDevice || staff || priorFailures >= SECOND_FACTOR_AFTER_FAILURES) {
    const code = newCode();
    await db.insert(schema.authentications).values({
      ...base,
      status: "code_required",
      ...codeColumns(authenticationId, code, now),
    });
    await ctx.mailer.send(loginCodeMail(customer, code));
    await recordAudit(db, origin, "code_sent", customer.id, {
      authentication_id: authenticationId,
      reason: staff ? "staff" : knownDevice ? "recent_failures" : "new_device",
    });
    return { kind: "code_required", authenticationId, sentTo: maskEmail(customer.email) };
  }

  const session = await db.transaction(async (tx) => {
    await tx.insert(schema.authentications).values({ ...base, status: "authenticated", completedAt: now });
    if (input.previousSessionId) await revokeSession(tx, input.previousSessionId, now);
    await rememberDevice(tx, customer.id, deviceKeyHash, now);
    return createSession(tx, { customerId: customer.id, authenticationId }, now);
  });
  await recordAudit(db, origin, "login_succeeded", customer.id, { authentication_id: authenticationId, session_id: session.id, second_factor: false });
  return { kind: "authenticated", authenticationId, session };
}

async function loadAuthentication(db: Db, id: string) {
  const [row] = await db
    .select({
      id: schema.authentications.id,
      status: schema.authentications.status,
      customerId: schema.authentications.customerId,
      codeHash: schema.authentications.codeHash,
      codeExpiresAt: schema.authentications.codeExpiresAt,
      codeSentAt: schema.authentications.codeSentAt,
      codeAttempts: schema.authentications.codeAttempts,
      deviceKeyHash: schema.authentications.deviceKeyHash,
      createdAt: schema.authentications.createdAt,
      email: schema.customers.email,
      name: schema.customers.name,
    })
    .from(schema.authentications)
    .leftJoin(schema.customers, eq(schema.customers.id, schema.authentications.customerId))
    .where(eq(schema.authentications.id, id))
    .limit(1);
  return row ?? null;
}

type LoadedAuthentication = NonNullable<Awaited<ReturnType<typeof loadAuthentication>>>;

export type AuthenticationView = {
  id: string;
  status: LoadedAuthentication["status"];
  codeSentTo?: string;
  resendAfter?: number;
};

/** GET …/poll: the status, and while a code is awaited where it went and when a new one may come. */
export async function pollAuthentication(db: Db, id: string, now = new Date()): Promise<AuthenticationView | null> {
  const row = await loadAuthentication(db, id);
  if (!row) return null;
  const status = await expireStale(db, LOGIN_CODES, row, now);
  if (status !== "code_required") return { id, status };
  return { id, status, codeSentTo: maskEmail(row.email ?? ""), resendAfter: resendWait(row.codeSentAt, now) };
}

export type ClosedChallenge = { kind: "not_found" } | { kind: "completed" } | { kind: "failed" } | { kind: "expired" };

export type CodeResult = ClosedChallenge | CodeRefusal | { kind: "authenticated"; session: IssuedSession };

function closed(status: LoadedAuthentication["status"]): ClosedChallenge | null {
  if (status === "authenticated") return { kind: "completed" };
  if (status === "failed") return { kind: "failed" };
  if (status === "expired") return { kind: "expired" };
  return null;
}

const LOGIN_CODES: CodeChallengeTable<LoadedAuthentication["status"], ClosedChallenge> = {
  table: schema.authentications,
  columns: schema.authentications,
  pending: "code_required",
  closed,
  failedSet: (now) => ({ status: "failed", completedAt: now }),
  auditKey: "authentication_id",
  throttles: codeThrottles("login_code"),
};

/** PATCH …/code with a code, checked as checkCode does; the last wrong one fails the login. */
export async function enterLoginCode(
  ctx: AuthContext,
  input: { id: string; code: string; previousSessionId: string | null },
  now = new Date(),
): Promise<CodeResult> {
  const { db, origin } = ctx;
  const row = await loadAuthentication(db, input.id);
  if (!row || !row.customerId) return { kind: "not_found" };
  const customerId = row.customerId;
  const done = await closedChallenge(db, LOGIN_CODES, row, now);
  if (done) return done;
  const checked = await checkCode(
    db,
    origin,
    LOGIN_CODES,
    { id: input.id, code: input.code, customerId, codeExpiresAt: row.codeExpiresAt, reread: () => loadAuthentication(db, input.id) },
    now,
  );
  if (checked.kind !== "matched") return checked;
  // Blocked between the password and the code: no session.
  if (await activeBlock(db, customerId)) throw accountBlocked();

  const session = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(schema.authentications)
      .set({ status: "authenticated", completedAt: now, codeHash: null })
      .where(and(eq(schema.authentications.id, input.id), eq(schema.authentications.status, "code_required")))
      .returning({ id: schema.authentications.id });
    // A parallel request with the same right code already made the session.
    if (!won) return null;
    if (input.previousSessionId) await revokeSession(tx, input.previousSessionId, now);
    if (row.deviceKeyHash) await rememberDevice(tx, customerId, row.deviceKeyHash, now);
    return createSession(tx, { customerId, authenticationId: input.id }, now);
  });
  if (!session) return { kind: "completed" };
  await recordAudit(db, origin, "login_succeeded", customerId, { authentication_id: input.id, session_id: session.id, second_factor: true });
  return { kind: "authenticated", session };
}

export type ResendResult =
  | ClosedChallenge
  | { kind: "too_early"; retryAfterSeconds: number }
  | { kind: "sent"; view: AuthenticationView };

/** PATCH …/code with {resend: true}: a new code (attempts start again) once 60 s have passed. */
export async function resendLoginCode(ctx: AuthContext, id: string, now = new Date()): Promise<ResendResult> {
  const { db, origin } = ctx;
  const row = await loadAuthentication(db, id);
  if (!row || !row.customerId || !row.email || !row.name) return { kind: "not_found" };
  const done = await closedChallenge(db, LOGIN_CODES, row, now);
  if (done) return done;

  const reissued = await reissueCode(db, LOGIN_CODES, { id, reread: () => loadAuthentication(db, id) }, now);
  if (reissued.kind !== "reissued") return reissued;
  await ctx.mailer.send(loginCodeMail({ name: row.name, email: row.email }, reissued.code));
  await recordAudit(db, origin, "code_sent", row.customerId, { authentication_id: id, reason: "resend" });
  return { kind: "sent", view: { id, status: "code_required", codeSentTo: maskEmail(row.email), resendAfter: RESEND_AFTER_SECONDS } };
}
