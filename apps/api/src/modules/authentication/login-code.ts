import { randomUUID } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import type { Mailer } from "../../integrations/mail.ts";
import { recordAudit, type RequestOrigin } from "../audit/audit-service.ts";
import { accountBlocked, activeBlock } from "../customers/customer-blocks.ts";
import { createSession, revokeSession, type IssuedSession } from "../sessions/session-service.ts";
import { newCode } from "../sessions/tokens.ts";
import { maskEmail } from "./masks.ts";
import {
  CHALLENGE_TTL_MINUTES,
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

/** A login's second step: the code e-mailed to the customer, its entry and its resend. */

export const LOGIN_METHOD = "emailpass";

export type AuthContext = { db: Db; mailer: Mailer; origin: RequestOrigin };

/** Why a login asks for the code (the audit's `reason`). */
export type CodeReason = "new_device" | "recent_failures" | "staff" | "locked";

export async function rememberDevice(db: Db, customerId: string, deviceKeyHash: string, now: Date): Promise<void> {
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

/** A login after the right password, waiting for the code now e-mailed to the customer; answers its id. */
export async function sendLoginCode(
  ctx: AuthContext,
  customer: { id: string; name: string; email: string },
  deviceKeyHash: string,
  reason: CodeReason,
  now: Date,
): Promise<string> {
  const { db, origin } = ctx;
  const authenticationId = randomUUID();
  const code = newCode();
  await db.insert(schema.authentications).values({
    id: authenticationId,
    methodKey: LOGIN_METHOD,
    customerId: customer.id,
    deviceKeyHash,
    ip: origin.ip,
    userAgent: origin.userAgent,
    createdAt: now,
    status: "code_required",
    ...codeColumns(authenticationId, code, now),
  });
  await ctx.mailer.send(loginCodeMail(customer, code));
  await recordAudit(db, origin, "code_sent", customer.id, { authentication_id: authenticationId, reason });
  return authenticationId;
}

/** The customer's newest login still waiting for its code (the code of the latest e-mail), if any. */
export async function latestPendingLogin(db: Db, customerId: string, now: Date): Promise<{ id: string; codeSentAt: Date | null } | null> {
  const [row] = await db
    .select({ id: schema.authentications.id, codeSentAt: schema.authentications.codeSentAt })
    .from(schema.authentications)
    .where(
      and(
        eq(schema.authentications.customerId, customerId),
        eq(schema.authentications.methodKey, LOGIN_METHOD),
        eq(schema.authentications.status, "code_required"),
        gt(schema.authentications.createdAt, new Date(now.getTime() - CHALLENGE_TTL_MINUTES * 60_000)),
      ),
    )
    .orderBy(desc(schema.authentications.createdAt))
    .limit(1);
  return row ?? null;
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
