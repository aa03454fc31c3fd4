import { eq, and } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { decoyHash, verifyPassword } from "../accounts/passwords.ts";
import { recordAudit } from "../audit/audit-service.ts";
import { accountBlocked, activeBlock } from "../customers/customer-blocks.ts";
import { createSession, revokeSession, type IssuedSession } from "../sessions/session-service.ts";
import { hashToken } from "../sessions/tokens.ts";
import { clearThrottle, hitThrottle, refundThrottle, type ThrottleRule } from "../throttle/throttle-service.ts";
import { isStaffCustomer } from "../staff/staff-roles.ts";
import { lockedLogin } from "./locked-login.ts";
import { LOGIN_METHOD, rememberDevice, sendLoginCode, type AuthContext } from "./login-code.ts";
import { maskEmail } from "./masks.ts";

/** Failed logins per e-mail address (known or not) and per IP, in a fixed 15-minute window. */
export const LOGIN_THROTTLE_ACCOUNT: ThrottleRule = { name: "login:account", limit: 5, windowSeconds: 15 * 60 };
export const LOGIN_THROTTLE_IP: ThrottleRule = { name: "login:ip", limit: 20, windowSeconds: 15 * 60 };
/** A right password after this many failures from the same browser still needs the e-mailed code. */
export const SECOND_FACTOR_AFTER_FAILURES = 3;
/** Failed logins sent with one device key: past the limit a known device is trusted no more. */
export const LOGIN_THROTTLE_DEVICE: ThrottleRule = { name: "login:device", limit: SECOND_FACTOR_AFTER_FAILURES, windowSeconds: 15 * 60 };

export type LoginResult =
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "locked"; retryAfterSeconds: number; codeGiven: boolean }
  | { kind: "invalid_credentials" }
  | { kind: "authenticated"; authenticationId: string; session: IssuedSession }
  | { kind: "code_required"; authenticationId: string; sentTo: string };

/** The throttle subject of an e-mail: its hash, so the table holds no address. */
export function emailSubject(email: string): string {
  return hashToken(email.trim().toLowerCase());
}

/** Stands in for an unknown e-mail's customer id, so a device lookup costs the same for any e-mail. */
const NO_CUSTOMER = "00000000-0000-0000-0000-000000000000";

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

/**
 * E-mail and password. Unknown e-mail, customer without a password and wrong password answer
 * alike and cost one argon2id verification each. The throttles count every attempt before the
 * password is checked; a success takes its hits back, so only failures stay counted.
 *
 * Past the account's limit only a trusted known device (one confirmed by a code, with fewer than
 * SECOND_FACTOR_AFTER_FAILURES failures of its own) signs in as before; anyone else goes through
 * lockedLogin, where the right password needs the e-mailed code. Past the IP's limit nobody from
 * that address gets in until the window ends.
 */
export async function loginWithPassword(
  ctx: AuthContext,
  input: {
    email: string;
    password: string;
    /** The e-mailed code sent with the password while the account is locked. */
    code?: string;
    /** The device key the browser sent, if any. */
    presentedDeviceKey: string | null;
    /** The browser's device key, a new one when it sent none (setting a cookie): called only when the answer may show it. */
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
  if (ipHit.blocked) {
    await recordAudit(db, origin, "login_failed", customer?.id ?? null, { reason: "throttled_ip" });
    return { kind: "throttled", retryAfterSeconds: ipHit.retryAfterSeconds };
  }
  const accountHit = await hitThrottle(db, LOGIN_THROTTLE_ACCOUNT, accountSubject, now);
  const presentedHash = input.presentedDeviceKey ? hashToken(input.presentedDeviceKey) : null;
  const deviceHit = presentedHash ? await hitThrottle(db, LOGIN_THROTTLE_DEVICE, presentedHash, now) : null;

  const storedHash = customer?.passwordHash ?? (await decoyHash());
  const passwordRight = (await verifyPassword(storedHash, input.password)) && Boolean(customer?.passwordHash);
  const knownDevice = presentedHash ? await isKnownDevice(db, customer?.id ?? NO_CUSTOMER, presentedHash) : false;
  const failure = !customer ? "unknown_email" : !customer.passwordHash ? "no_password" : passwordRight ? null : "wrong_password";

  /** Only failures stay counted: a success takes back this attempt's hits and forgets the account's and the browser's failures. */
  const forgetFailures = async () => {
    await clearThrottle(db, LOGIN_THROTTLE_ACCOUNT, accountSubject);
    await refundThrottle(db, LOGIN_THROTTLE_IP, origin.ip);
    if (presentedHash) await clearThrottle(db, LOGIN_THROTTLE_DEVICE, presentedHash);
  };

  if (accountHit.blocked && !(knownDevice && !deviceHit?.blocked)) {
    const result = await lockedLogin(
      ctx,
      {
        customer: customer && !failure ? customer : null,
        failure: { customerId: customer?.id ?? null, reason: failure },
        code: input.code,
        deviceKey: input.deviceKey,
        previousSessionId: input.previousSessionId,
      },
      now,
    );
    if (result.kind === "locked") return { ...result, retryAfterSeconds: accountHit.retryAfterSeconds };
    await forgetFailures();
    return result;
  }
  if (!customer || failure) {
    await recordAudit(db, origin, "login_failed", customer?.id ?? null, { reason: failure });
    return { kind: "invalid_credentials" };
  }
  // A blocked customer learns why (only after the right password, so the block reveals nothing to others).
  if (await activeBlock(db, customer.id)) {
    await recordAudit(db, origin, "login_failed", customer.id, { reason: "blocked" });
    throw accountBlocked();
  }

  await forgetFailures();

  const deviceKeyHash = hashToken(input.deviceKey());
  // Staff always give the code (decision 0026): a staff session reaches every customer's data.
  const staff = await isStaffCustomer(db, customer.id);
  if (!knownDevice || staff || deviceHit?.blocked) {
    const reason = staff ? "staff" : knownDevice ? "recent_failures" : "new_device";
    const authenticationId = await sendLoginCode(ctx, customer, deviceKeyHash, reason, now);
    return { kind: "code_required", authenticationId, sentTo: maskEmail(customer.email) };
  }

  const { authenticationId, session } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.authentications)
      .values({ methodKey: LOGIN_METHOD, customerId: customer.id, deviceKeyHash, ip: origin.ip, userAgent: origin.userAgent, createdAt: now, status: "authenticated", completedAt: now })
      .returning({ id: schema.authentications.id });
    if (!row) throw new Error("authentication not stored");
    if (input.previousSessionId) await revokeSession(tx, input.previousSessionId, now);
    await rememberDevice(tx, customer.id, deviceKeyHash, now);
    return { authenticationId: row.id, session: await createSession(tx, { customerId: customer.id, authenticationId: row.id }, now) };
  });
  await recordAudit(db, origin, "login_succeeded", customer.id, { authentication_id: authenticationId, session_id: session.id, second_factor: false });
  return { kind: "authenticated", authenticationId, session };
}
